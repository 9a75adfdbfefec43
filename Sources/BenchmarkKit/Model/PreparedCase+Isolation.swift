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

/// Runs `body` with `actor`'s isolation held, synchronously.
private func runIsolated<A: Actor>(to actor: isolated A, _ body: () -> Void) {
  body()
}
