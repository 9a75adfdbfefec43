import CObservationSupport
import Synchronization

extension RenderContext {
  /// The count of render passes and the word a `task` read asks
  /// (`obs_render_gate`: that count while checking is on, 0 while off), kept
  /// exact under one lock.
  ///
  /// A lock rather than atomics: the gate is a function of two values (the count
  /// and the switch), and two threads beginning a pass and flipping the switch at
  /// once must not leave it stale. It is taken twice per render pass and once per
  /// flip of the switch, never by a read.
  final class Gate: Sendable {
    private let passes = Mutex(0)
    private static let shared = Gate()

    private func update(_ body: (inout Int) -> Void) {
      passes.withLock { count in
        SanitizerHooks.acquire(self)
        defer { SanitizerHooks.release(self) }
        body(&count)
        obs_render_gate_set(RenderContext.isChecking ? count : 0)
      }
    }

    /// A render pass begins.
    static func passBegan() { shared.update { $0 += 1 } }

    /// A render pass ends.
    static func passEnded() { shared.update { $0 -= 1 } }

    /// Sets the switch, and the gate with it.
    static func setChecking(_ on: Bool) {
      shared.update { _ in obs_untracked_checking_set(on ? 1 : 0) }
    }
  }
}
