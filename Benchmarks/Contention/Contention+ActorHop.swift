import BenchmarkKit
import Dispatch
import ObservationCore

extension Contention {
  /// The hop into `ObservationActor` from outside, paid per write by code that
  /// does not live there; t tasks hop at once.
  ///
  /// Timed on purpose outside the actor's isolation: the hop is the measurement.
  static var actorHop: BenchmarkScenario {
    BenchmarkScenario(
      name: "actor-hop",
      summary:
        "One hop into ObservationActor from a task outside it, writing an observed model there, t tasks at once (1 "
          + "notification)",
      sizes: threadCounts,
      quickSizes: threadCounts,
      strategies: StrategyIDs.onActor,
      allowedSizes: allowedThreadCounts
    ) { id, size in
      guard case .core = try Subject(id) else { throw UnknownStrategy(id: id) }
      return try ActorHop(tasks: size).prepare(id: id)
    }
  }

  private static func actorHop<S: ObservationStrategy>(_: S.Type, tasks: Int) -> PreparedCase {
    let tally = AtomicTally()
    let (model, token) = S.inIsolation {
      let model = Counter<S>()
      return (model, S.observe({ _ = model.count }, onChange: { tally.bump() }))
    }
    // The model is touched only inside ObservationActor.run.
    let shared = UncheckedSendable(model)
    let done = DispatchSemaphore(value: 0)
    return PreparedCase(
      run: { iterations in
        // Starting and joining the tasks is a fixed cost per run: `run(0)` pays it
        // too, so the runner subtracts it (see WorkerPool).
        for index in 0..<tasks {
          let share = iterations / tasks + (index < iterations % tasks ? 1 : 0)
          Task.detached {
            for _ in 0..<share {
              await ObservationActor.run { shared.value.count &+= 1 }
            }
            done.signal()
          }
        }
        for _ in 0..<tasks { done.wait() }
      },
      notifications: { tally.count },
      expectedNotificationsPerOperation: 1,
      tearDown: { S.inIsolation { token.cancel() } })
  }

  /// ``actorHop`` as a ``CoreWorkload``, specialised per strategy.
  private struct ActorHop: CoreWorkload {
    let tasks: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Contention.actorHop(S.self, tasks: tasks)
    }
  }
}
