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

  /// Observes `observer`'s subject for as long as it is there: a
  /// notification that finds it gone (a removed row's ended store) re-arms
  /// nothing and calls `ended()`, once, as a row view that its list dropped
  /// stops observing. Presence is asked before each re-arm, so a gone subject
  /// costs no scope; the observer is one object, so a re-arm allocates no
  /// closure contexts of its own.
  static func observe<S: ObservationStrategy, Observer: EndingObserver>(_: S.Type, _ observer: Observer) {
    S.withTracking({ observer.read() }, onChange: {
      observer.changed()
      if observer.isLive {
        observe(S.self, observer)
      } else {
        observer.ended()
      }
    })
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
