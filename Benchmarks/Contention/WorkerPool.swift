import BenchmarkKit
import Foundation
import Synchronization

/// Threads started once, outside the measured region, that split each run's
/// operations with the calling thread and run them at the same time.
///
/// With t threads the caller is one of them and t − 1 are workers, so t = 1 wakes
/// nobody. Waking a parked thread costs tens of microseconds, and milliseconds on
/// a loaded machine: far too much, and too variable, either to amortise over a
/// run (the time per operation would then depend on the iteration count) or to
/// subtract. So the workers are woken before the clock starts and parked after
/// it stops: ``hold(_:)``, the case's timing context, wakes them and holds them
/// ready (yielding, so a waiting worker does not take the core a running one
/// needs); ``run(_:)``, the timed part, only publishes each share, does the
/// caller's own, and waits for the others to finish theirs. `run(0)` pays that
/// hand-off with no work, and the runner subtracts it.
final class WorkerPool: @unchecked Sendable {
  private let body: @Sendable (_ operations: Int) -> Void
  private let starts: [DispatchSemaphore]
  private let parked = DispatchSemaphore(value: 0)
  /// Workers awake and ready since the last ``hold(_:)`` began.
  private let ready = Atomic<Int>(0)
  /// Whether workers stay ready for more runs; false parks them.
  private let holding = Atomic<Bool>(false)
  /// The number of the latest run; a change tells ready workers to start.
  private let generation = Atomic<Int>(0)
  /// Workers done with the latest run's share.
  private let finished = Atomic<Int>(0)
  // Written before `generation` is published (release) and read after it is
  // seen (acquire), or before the start semaphores are signalled.
  private var shares: [Int]
  private var stopping = false

  /// Starts `threads − 1` worker threads, parked; each run executes `body` with a
  /// share of the operations on the caller and on every worker.
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

  /// Wakes the workers, runs `timing` while they are ready, then parks them: the
  /// wake-up and the parking stay outside what `timing` measures.
  func hold(_ timing: () -> Void) {
    guard !starts.isEmpty else { return timing() }
    ready.store(0, ordering: .relaxed)
    holding.store(true, ordering: .releasing)
    for start in starts { start.signal() }
    while ready.load(ordering: .acquiring) < starts.count { sched_yield() }
    timing()
    holding.store(false, ordering: .releasing)
    for _ in starts { parked.wait() }
  }

  /// Runs `operations` operations split evenly among the threads, started
  /// together, and waits for all of them. Call it inside ``hold(_:)``.
  func run(_ operations: Int) {
    let threads = starts.count + 1
    guard threads > 1 else { return body(operations) }
    precondition(holding.load(ordering: .relaxed), "WorkerPool.run outside hold(_:)")
    for index in starts.indices {
      shares[index] = operations / threads + (index + 1 < operations % threads ? 1 : 0)
    }
    finished.store(0, ordering: .relaxed)
    generation.add(1, ordering: .releasing)
    body(operations / threads + (operations % threads > 0 ? 1 : 0))
    while finished.load(ordering: .acquiring) < starts.count { sched_yield() }
  }

  /// Ends the worker threads; the pool cannot run again.
  func stop() {
    stopping = true
    for start in starts { start.signal() }
    for _ in starts { parked.wait() }
  }

  // A worker's allocations are the operation's too: it is enrolled in the
  // allocation counter's scope for its life, and publishes its cached request
  // counts when its share is done, before the caller's run (and its snapshot)
  // can end. Flushing an empty cache in `run(0)` is part of the fixed cost the
  // runner subtracts.
  private func work(_ index: Int) {
    let enrollment = AllocationCounter.enrollCurrentThread()
    let counter = AllocationCounter.shared
    while true {
      starts[index].wait()
      if stopping {
        enrollment?.end()
        parked.signal()
        return
      }
      var seen = generation.load(ordering: .acquiring)
      ready.add(1, ordering: .releasing)
      while true {
        let current = generation.load(ordering: .acquiring)
        if current != seen {
          seen = current
          body(shares[index])
          counter?.flushThreadCache()
          finished.add(1, ordering: .releasing)
        } else if !holding.load(ordering: .acquiring) {
          break
        } else {
          sched_yield()
        }
      }
      parked.signal()
    }
  }
}
