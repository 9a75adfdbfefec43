import BenchmarkKit
import ObservationCore

/// Persistent observation on the core written the way ``AppleObservation``
/// writes it on Swift's `Observation`: a one-shot `withTracking` scope re-armed
/// inside its own `onChange`.
///
/// The core's idiomatic form is `observe`, one registration that keeps firing;
/// this is the like-for-like form, so that a re-armed apple observation is
/// compared with the same work in the core (a new scope, its reads and its
/// install on every notification). Like apple's, it has no cancel: capture the
/// model `unowned(unsafe)` in `read`, so the armed scope ends with the model.
enum CoreRearmedObservation {
  /// Calls `onChange` on every later mutation of what `read` reads, re-arming a
  /// one-shot scope each time.
  ///
  /// `read` need not be `@Sendable`: the workloads mutate on one thread (or in
  /// `ObservationActor`'s isolation), or serialise their writers
  /// (``Contention``'s `WriterLock`), so one `onChange` runs and re-arms at a time.
  static func observe<S: ObservationStrategy>(
    _ strategy: S.Type,
    _ read: @escaping () -> Void,
    onChange: @escaping @Sendable () -> Void
  ) {
    arm(S.self, UncheckedSendable(read), onChange: onChange)
  }

  /// ``observe(_:_:onChange:)`` for as long as `isLive` holds: after each
  /// re-arm, a scope whose subject is gone (a removed row's ended store) is
  /// cancelled and `onEnd` called, once.
  static func observe<S: ObservationStrategy>(
    _ strategy: S.Type,
    _ read: @escaping () -> Void,
    onChange: @escaping @Sendable () -> Void,
    while isLive: @escaping () -> Bool,
    onEnd: @escaping () -> Void
  ) {
    arm(S.self, UncheckedSendable((read: read, isLive: isLive, onEnd: onEnd)), onChange: onChange)
  }

  private static func arm<S: ObservationStrategy>(
    _: S.Type,
    _ read: UncheckedSendable<() -> Void>,
    onChange: @escaping @Sendable () -> Void
  ) {
    S.withTracking(read.value, onChange: {
      onChange()
      arm(S.self, read, onChange: onChange)
    })
  }

  private static func arm<S: ObservationStrategy>(
    _: S.Type,
    _ ending: UncheckedSendable<(read: () -> Void, isLive: () -> Bool, onEnd: () -> Void)>,
    onChange: @escaping @Sendable () -> Void
  ) {
    let token = S.withTracking(ending.value.read, onChange: {
      onChange()
      arm(S.self, ending, onChange: onChange)
    }).token
    if !ending.value.isLive() {
      token.cancel()
      ending.value.onEnd()
    }
  }
}
