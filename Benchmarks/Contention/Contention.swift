import BenchmarkKit

/// t threads mutating one object or store while it is observed: throughput per
/// operation and notifications lost (none allowed, apple's included: its
/// re-armed observer is kept whole by serialised writes, ``WriterLock``), and for
/// actor registrars the hop into their isolation from outside.
///
/// Each writer's scenario comes in two forms. The idiomatic one compares the
/// core's persistent `observe` with apple's `withObservationTracking` re-armed
/// in every `onChange`; the `-rearm` one gives the core apple's form, a
/// one-shot `withTracking` re-armed in its own `onChange`
/// (``CoreRearmedObservation``), with the writes serialised on both sides
/// (``WriterLock``) so that each write fires the scope the one before it
/// re-armed. Apple's side is the same work in both.
///
/// Threads are started in set-up, woken before each timing and parked after it
/// (``WorkerPool``), so no wake-up is timed; with t > 2 they share the machine's
/// two cores.
enum Contention {
  /// The contention suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "contention",
      summary: "t threads mutating one observed object or store; the hop into an actor registrar's isolation",
      // Both writers' scenarios observe persistently on the core and re-armed on
      // apple; their -rearm forms re-arm one-shot scopes on both sides.
      scenarios: [
        object.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "object-rearm"),
        store.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "store-rearm"),
        actorHop,
        objectRearm.likeForLike(of: "object", ScenarioForm.bothRearm),
        storeRearm.likeForLike(of: "store", ScenarioForm.bothRearm),
      ].map { $0.skippingInstructions(instructionsSkipReason) },
      // Sends from several threads into one observed store.
      headline: "store"
    )
  }

  /// Why `--metric instructions` skips the suite.
  static let instructionsSkipReason =
    "needs threads running in parallel; valgrind runs one thread at a time, so its count would measure valgrind's "
      + "scheduling"

  /// Thread counts.
  static let threadCounts = [1, 2, 4]
  /// The thread counts a contention workload takes: each thread is a real one
  /// started in set-up; past 64 on two cores the run measures the scheduler.
  static let allowedThreadCounts = 1...64

  /// A case whose operations are `pool`'s writes, each notifying the one
  /// observer `tally` counts; `cancel` ends the observer, where it has a cancel.
  static func observed(_ pool: WorkerPool, tally: AtomicTally, cancel: (() -> Void)? = nil) -> PreparedCase {
    PreparedCase(
      operationsPerIteration: unrollFactor,
      run: pool.run,
      notifications: { tally.count },
      // Every write is notified, whatever the interleaving.
      expectedNotificationsPerOperation: DocumentedNotifications.observedWrite,
      isolation: PreparedCase.timed(within: pool.hold),
      tearDown: {
        pool.stop()
        cancel?()
      })
  }

  /// A case whose operations are `pool`'s writes, observed by no one.
  static func unobserved(_ pool: WorkerPool) -> PreparedCase {
    PreparedCase(
      operationsPerIteration: unrollFactor, run: pool.run,
      isolation: PreparedCase.timed(within: pool.hold), tearDown: pool.stop)
  }
}
