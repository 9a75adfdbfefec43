import Synchronization

/// Serialises the writes of t threads, so that a one-shot observer re-armed in
/// its `onChange` is armed again before the next write can reach it.
///
/// A one-shot tracking (apple's `withObservationTracking`, the core's
/// `withTracking`) fires inside the write that reaches it, on the writing
/// thread, and is gone from then until its `onChange` re-arms it. A write
/// another thread makes in that gap finds no observer: unserialised, apple lost
/// about half its notifications at 2 and 4 threads (0.49–0.59 per write). A user
/// who needs every change seen with that API serialises the writes, which makes
/// fire and re-arm part of one write; the core's persistent `observe` needs
/// none of this, which is what the idiomatic scenarios compare.
final class WriterLock: Sendable {
  private let mutex = Mutex(())

  /// Runs `write` with no other write running.
  @inline(__always)
  func write(_ write: () -> Void) {
    mutex.withLock { _ in write() }
  }
}
