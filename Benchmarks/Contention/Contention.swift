import BenchmarkKit

/// t threads mutating one object or store while it is observed: throughput per
/// operation and notifications lost (none allowed), and for actor registrars the
/// hop into their isolation from outside.
///
/// Threads are started in set-up and woken per run, all released together; the
/// wake-up and join are a fixed cost per run that `run(0)` pays too, so the
/// runner subtracts it. With t > 2 the threads share the machine's two cores.
enum Contention {
  /// The contention suite.
  static let suite = BenchmarkSuite(
    name: "contention",
    summary: "t threads mutating one observed object or store; the hop into an actor registrar's isolation",
    scenarios: [object, store, actorHop]
  )

  /// Thread counts.
  static let threadCounts = [1, 2, 4]
}
