import Foundation
import ObservationCore
import Testing

/// Where each scope kind sees reads: thread-local scopes on their thread only,
/// task-local scopes wherever their task runs.
@Suite("Scope kinds")
struct ScopeKindTests {
  @Test(arguments: StrategyCase.anyThread)
  func readOnAnotherThread_isNotTracked(_ strategy: StrategyCase) {
    otherThread(strategy.type)
  }

  private func otherThread<S: ObservationStrategy>(_: S.Type) {
    let model = Pair<S>()
    nonisolated(unsafe) let unsafeModel = model
    let count = Count()
    S.withTracking({
      _ = model.a
      // Neither a thread-local nor a task-local binding reaches a raw thread.
      onAnotherThread { _ = unsafeModel.b }
    }, onChange: { count.bump() })
    model.b = 1
    #expect(count.value == (S.isWhole ? 1 : 0))
    model.a = 1
    #expect(count.value == 1)
  }

  @Test func readAfterAwaitOnAnotherThread_isTrackedByTaskScope() async {
    // Lock registrars only: an actor model may not be read on the executor's thread.
    await afterAwait(LockTaskKeyPath.self)
    await afterAwait(LockTaskWhole.self)
  }

  private func afterAwait<S: ObservationStrategy>(_: S.Type) async where S.Scope == TaskLocalScope {
    let model = Pair<S>()
    nonisolated(unsafe) let unsafeModel = model
    let count = Count()
    let executor = DedicatedThreadExecutor()
    let threads = Recorder<UInt>()
    threads.append(currentThreadID())
    await S.withTracking({
      _ = model.a
      await withTaskExecutorPreference(executor) {
        threads.append(currentThreadID())
        _ = unsafeModel.b
      }
    }, onChange: { count.bump() })
    executor.stop()
    #expect(Set(threads.values).count == 2, "the read after the await ran on the executor's own thread")
    model.b = 1
    #expect(count.value == 1)
  }

  @Test func threadLocalScope_hasNoAsyncVariant() {
    // `withTracking(_: () async -> T, …)` exists only `where Scope == TaskLocalScope`;
    // calling it on a thread-local strategy does not compile. What is checkable at
    // run time is that the two kinds are told apart by id.
    #expect(ThreadLocalScope.id == "thread")
    #expect(TaskLocalScope.id == "task")
  }
}

/// The calling thread's pthread id.
func currentThreadID() -> UInt {
  UInt(pthread_self())
}

/// Runs `body` on a new thread and waits for it.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    body()
    done.signal()
  }
  thread.start()
  done.wait()
}

/// A task executor with one thread of its own, so a test can make a task resume
/// on a thread it did not start on.
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false

  init() {
    let thread = Thread { [self] in run() }
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      if jobs.isEmpty && stopped {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
