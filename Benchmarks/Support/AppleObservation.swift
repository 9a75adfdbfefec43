import Observation

/// Persistent observation on Swift's `Observation` module, written the way its
/// users write it: `withObservationTracking`, re-armed inside `onChange`.
///
/// `onChange` fires before the new value is stored, once; re-arming there reads
/// the old value and registers again, so the next mutation fires again. The
/// re-arm (a new tracking scope, its install) is part of every notification's
/// cost, as it is in real use. Apple offers no cancel: the observation lives
/// until its objects do. Writers on several threads must be serialised
/// (``WriterLock``): a write made between a fire and its re-arm is not seen.
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
}
