import Dispatch

extension PreparedCase {
  /// An isolation function that runs the timing closure inside `actor`'s isolation.
  ///
  /// The closure runs on the actor's executor while the runner's thread waits on a
  /// semaphore, so every call made in it to the actor's isolated state is
  /// synchronous, as the "in-isolation" cost requires. The task is detached so it
  /// never needs the blocked caller's actor.
  ///
  /// - Important: `actor` must not be the main actor, or any actor whose executor
  ///   is the runner's thread: waiting would then deadlock.
  public static func isolation(
    of actor: some Actor
  ) -> (_ body: @escaping () -> Void) -> Void {
    { body in
      let body = UncheckedSendable(body)
      let done = DispatchSemaphore(value: 0)
      Task.detached {
        await runIsolated(to: actor) { body.value() }
        done.signal()
      }
      done.wait()
    }
  }
}

extension PreparedCase {
  /// An isolation function that runs the timing closure in a task of its own,
  /// off every actor, while the runner's thread waits.
  ///
  /// For an operation that costs something else in a task than outside one: a
  /// task-local lookup, which outside any task has no task to look in and
  /// returns at once. The task is detached, so it inherits no task-local value
  /// and needs no actor the blocked caller might hold.
  public static func inTask(_ body: @escaping () -> Void) {
    let body = UncheckedSendable(body)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      body.value()
      done.signal()
    }
    done.wait()
  }
}

/// Runs `body` with `actor`'s isolation held, synchronously.
private func runIsolated<A: Actor>(to actor: isolated A, _ body: () -> Void) {
  body()
}
