import Foundation
import Synchronization

/// A thread that writes in bursts while a case is timed: `burst` writes back to
/// back, then a pause, again and again until the timing ends.
///
/// Started once in set-up and parked between timings, so that it burns no core
/// while other cases run; ``hold(_:)``, the case's timing context, wakes it
/// before the clock starts and parks it after, as ``WorkerPool`` does.
final class BurstWriter: @unchecked Sendable {
  private let start = DispatchSemaphore(value: 0)
  private let parked = DispatchSemaphore(value: 0)
  private let writing = Atomic<Bool>(false)
  private let stopping = Atomic<Bool>(false)

  /// Starts the writer thread, parked; each burst calls `write` `burst` times,
  /// and bursts are `pauseMicroseconds` apart.
  init(burst: Int, pauseMicroseconds: UInt32, write: @escaping @Sendable () -> Void) {
    let thread = Thread { [self] in
      while true {
        start.wait()
        if stopping.load(ordering: .acquiring) { break }
        while writing.load(ordering: .acquiring) {
          for _ in 0..<burst { write() }
          usleep(pauseMicroseconds)
        }
        parked.signal()
      }
      parked.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }

  /// Runs `timing` while the writer writes its bursts, and parks it after.
  func hold(_ timing: () -> Void) {
    writing.store(true, ordering: .releasing)
    start.signal()
    timing()
    writing.store(false, ordering: .releasing)
    parked.wait()
  }

  /// Ends the writer thread; it cannot write again.
  func stop() {
    stopping.store(true, ordering: .releasing)
    start.signal()
    parked.wait()
  }
}
