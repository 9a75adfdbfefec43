import Foundation
import Synchronization

/// Threads started once, outside the measured region, that split each run's
/// operations with the calling thread and run them at the same time.
///
/// With t threads the caller is one of them and t − 1 are workers, so t = 1 wakes
/// nobody. `run(n)` hands each worker its share, wakes the workers, waits until
/// every one is awake (a start barrier, so that every share runs while all t
/// threads are running), does its own share, and waits for the workers.
///
/// The wake-up, the barrier and the join are a fixed cost per run: `run(0)` pays
/// exactly them, so the runner's fixed-cost subtraction (the median of `run(0)`)
/// removes them, and an operation costs the same whatever the iteration count
/// (before, they were amortised over whatever count calibration chose).
final class WorkerPool: @unchecked Sendable {
  private let body: @Sendable (_ operations: Int) -> Void
  private let starts: [DispatchSemaphore]
  private let done = DispatchSemaphore(value: 0)
  /// Workers awake in the current run; the caller waits for all of them.
  private let awake = Atomic<Int>(0)
  /// The run the workers may start their shares in.
  private let released = Atomic<Int>(0)
  // Written before the start semaphores are signalled and read after they are
  // waited on, so the semaphores order every access.
  private var shares: [Int]
  private var round = 0
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

  /// Runs `operations` operations split evenly among the threads, all started
  /// together, and waits; `run(0)` wakes, starts and joins them with no work.
  func run(_ operations: Int) {
    let threads = starts.count + 1
    for index in starts.indices {
      shares[index] = operations / threads + (index + 1 < operations % threads ? 1 : 0)
    }
    round &+= 1
    awake.store(0, ordering: .relaxed)
    for start in starts { start.signal() }
    // Yielding, not spinning: with more threads than cores a spinning caller
    // would hold the core a waking worker needs.
    while awake.load(ordering: .acquiring) < starts.count { sched_yield() }
    released.store(round, ordering: .releasing)
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
    var seen = 0
    while true {
      starts[index].wait()
      if stopping {
        done.signal()
        return
      }
      seen &+= 1
      awake.add(1, ordering: .releasing)
      while released.load(ordering: .acquiring) != seen { sched_yield() }
      body(shares[index])
      done.signal()
    }
  }
}
