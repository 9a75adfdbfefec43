import CObservationSupport

/// Tells ThreadSanitizer about the critical sections of `Synchronization.Mutex`,
/// which it cannot see on its own (see CObservationSupport.h).
///
/// Call `acquire` first thing inside `withLock` and `release` last, on the object
/// that owns the mutex. Outside a TSan build each call is one untaken branch.
@usableFromInline
enum SanitizerHooks {
  @inlinable @inline(__always)
  static func acquire(_ owner: AnyObject) {
    obs_tsan_acquire(Unmanaged.passUnretained(owner).toOpaque())
  }

  @inlinable @inline(__always)
  static func release(_ owner: AnyObject) {
    obs_tsan_release(Unmanaged.passUnretained(owner).toOpaque())
  }
}
