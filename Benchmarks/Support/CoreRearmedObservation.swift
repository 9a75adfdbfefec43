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
  /// `ObservationActor`'s isolation), where `onChange` runs and re-arms.
  static func observe<S: ObservationStrategy>(
    _ strategy: S.Type,
    _ read: @escaping () -> Void,
    onChange: @escaping @Sendable () -> Void
  ) {
    arm(S.self, UncheckedSendable(read), onChange: onChange)
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
}
