import CObservationSupport
import Synchronization

extension RenderContext {
  /// The count of render passes and the switch, in one atomic word, and the gate
  /// a `task` read asks (the high half of `obs_task_bindings_or_gate`: the count
  /// while checking is on, 0 while off), derived from it.
  ///
  /// Lock-free, because every render pays it (the plain strategies' renders
  /// too): a writer changes the word, then publishes the gate it derives and
  /// reads the word again, republishing until the word it derived from is still
  /// the word (sequentially consistent, so a stale publication is always followed
  /// by a read that sees the newer word). Whoever publishes last has therefore
  /// published the gate of the final word.
  @usableFromInline
  enum Gate {
    /// Passes running (times 2), plus 1 while checking is switched off.
    @usableFromInline static let word = Atomic<Int>(0)

    private static func publish(_ word: Int) {
      var current = word
      while true {
        obs_render_gate_publish(current & 1 == 0 ? current >> 1 : 0)
        let now = Self.word.load(ordering: .sequentiallyConsistent)
        if now == current { return }
        current = now
      }
    }

    /// A render pass begins.
    static func passBegan() {
      publish(word.wrappingAdd(2, ordering: .sequentiallyConsistent).newValue)
    }

    /// A render pass ends.
    static func passEnded() {
      publish(word.wrappingSubtract(2, ordering: .sequentiallyConsistent).newValue)
    }

    /// Whether checking is switched on.
    @inlinable @inline(__always)
    static var isChecking: Bool { word.load(ordering: .relaxed) & 1 == 0 }

    /// Sets the switch, and the gate with it.
    static func setChecking(_ on: Bool) {
      publish(
        on
          ? word.bitwiseAnd(~1, ordering: .sequentiallyConsistent).newValue
          : word.bitwiseOr(1, ordering: .sequentiallyConsistent).newValue)
    }
  }
}
