import Foundation

/// Threads started once, outside the measured region, that split each run's
/// operations among themselves and run them at the same time.
///
/// `run(n)` hands each thread its share and waits until all are done; the
/// wake-up and the wait are a fixed cost of every run, which the harness
/// measures with `run(0)` and subtracts.
final class WorkerPool: @unchecked Sendable {
  private let body: @Sendable (_ operations: Int) -> Void
  private let starts: [DispatchSemaphore]
  private let done = DispatchSemaphore(value: 0)
  // Written before the start semaphores are signalled and read after they are
  // waited on, so the semaphores order every access.
  private var shares: [Int]
  private var stopping = false

  /// Starts `threads` threads, each running `body` with its share of a run.
  init(threads: Int, body: @escaping @Sendable (_ operations: Int) -> Void) {
    self.body = body
    self.starts = (0..<threads).map { _ in DispatchSemaphore(value: 0) }
    self.shares = Array(repeating: 0, count: threads)
    for index in 0..<threads {
      let thread = Thread { [self] in work(index) }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  /// Runs `operations` operations split evenly among the threads, and waits.
  func run(_ operations: Int) {
    let threads = starts.count
    for index in 0..<threads {
      shares[index] = operations / threads + (index < operations % threads ? 1 : 0)
    }
    for start in starts { start.signal() }
    for _ in 0..<threads { done.wait() }
  }

  /// Ends the threads; the pool cannot run again.
  func stop() {
    stopping = true
    for start in starts { start.signal() }
    for _ in starts { done.wait() }
  }

  private func work(_ index: Int) {
    while true {
      starts[index].wait()
      if stopping {
        done.signal()
        return
      }
      body(shares[index])
      done.signal()
    }
  }
}
