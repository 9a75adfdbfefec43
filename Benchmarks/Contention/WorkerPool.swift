import Foundation

/// Threads started once, outside the measured region, that split each run's
/// operations with the calling thread and run them at the same time.
///
/// With t threads the caller is one of them and t − 1 are workers, so t = 1 wakes
/// nobody. `run(n)` hands each worker its share, does its own, and waits for
/// the workers. `run(0)` returns at once: the wake-up is then not a "fixed cost"
/// the harness would subtract (it varies too much on a shared machine to
/// subtract), but part of each run, amortised over its thousands of operations.
final class WorkerPool: @unchecked Sendable {
  private let body: @Sendable (_ operations: Int) -> Void
  private let starts: [DispatchSemaphore]
  private let done = DispatchSemaphore(value: 0)
  // Written before the start semaphores are signalled and read after they are
  // waited on, so the semaphores order every access.
  private var shares: [Int]
  private var stopping = false

  /// Starts `threads − 1` worker threads; each run executes `body` with a share
  /// of the operations on the caller and on every worker.
  init(threads: Int, body: @escaping @Sendable (_ operations: Int) -> Void) {
    precondition(threads >= 1)
    self.body = body
    self.starts = (1..<threads).map { _ in DispatchSemaphore(value: 0) }
    self.shares = Array(repeating: 0, count: threads - 1)
    for index in 0..<(threads - 1) {
      let thread = Thread { [self] in work(index) }
      thread.stackSize = 1 << 20
      thread.start()
    }
  }

  /// Runs `operations` operations split evenly among the threads, and waits.
  func run(_ operations: Int) {
    guard operations > 0 else { return }
    let threads = starts.count + 1
    for index in starts.indices {
      shares[index] = operations / threads + (index + 1 < operations % threads ? 1 : 0)
    }
    for start in starts { start.signal() }
    body(operations / threads + (operations % threads > 0 ? 1 : 0))
    for _ in starts { done.wait() }
  }

  /// Ends the worker threads; the pool cannot run again.
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
