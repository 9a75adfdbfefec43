import Observation
import Synchronization

/// Persistent observation on Swift's `Observation` module, written the way its
/// users write it: `withObservationTracking`, re-armed inside `onChange`.
///
/// `onChange` fires before the new value is stored, once; re-arming there reads
/// the old value and registers again, so the next mutation fires again. The
/// re-arm (a new tracking scope, its install) is part of every notification's
/// cost, as it is in real use. Apple offers no cancel: the observation lives
/// until its objects do.
enum AppleObservation {
  /// Calls `onChange` on every later mutation of what `read` reads.
  static func observe(
    _ read: @escaping @Sendable () -> Void,
    onChange: @escaping @Sendable () -> Void
  ) {
    withObservationTracking(read, onChange: {
      onChange()
      observe(read, onChange: onChange)
    })
  }

  /// ``observe(_:onChange:)`` safe against concurrent writers: each arming
  /// re-arms at most once.
  ///
  /// Observation calls a tracking's `onChange` once per mutation that collected
  /// it, and writers on several threads can collect it before any cancels it:
  /// re-arming on each of those calls doubles the armed observations again and
  /// again. A once-flag per arming, as careful users add, keeps one.
  static func observeConcurrently(
    _ read: @escaping @Sendable () -> Void,
    onChange: @escaping @Sendable () -> Void
  ) {
    let once = OnceFlag()
    withObservationTracking(read, onChange: {
      guard once.claim() else { return }
      onChange()
      observeConcurrently(read, onChange: onChange)
    })
  }
}

/// A flag that exactly one caller claims.
final class OnceFlag: Sendable {
  private let claimed = Atomic<Bool>(false)

  /// True for the first caller only.
  func claim() -> Bool {
    !claimed.exchange(true, ordering: .acquiringAndReleasing)
  }
}
