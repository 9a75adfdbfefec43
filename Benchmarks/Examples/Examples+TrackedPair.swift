import BenchmarkKit
import Observation
import ObservationCore

extension Examples {
  /// Two fields of one object, read inside an open scope that already read both.
  static var trackedPair: BenchmarkScenario {
    BenchmarkScenario(
      name: "tracked-pair",
      summary: "Two reads, of two fields of one object already read in the open tracking scope (8 per loop iteration)",
      strategies: StrategyIDs.objects
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try TrackedPair().prepare(id: id)
      case .apple: return trackedPairApple()
      case .none: return trackedPairPlain()
      }
    }
  }

  private static func trackedPair<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    // Set-up, outside the measured region; actor models are made on the actor.
    let model = S.inIsolation { Duo<S>() }
    let tally = Tally()
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.left &+ model.right) }
      },
      notifications: { tally.count }, expected: 0,
      // One scope around the whole timing, opened and closed outside the clock.
      context: { timing in
        S.withTracking({
          blackHole(model.left &+ model.right)
          timing()
        }, onChange: { tally.bump() }).token.cancel()
      })
  }

  private static func trackedPairApple() -> PreparedCase {
    let model = AppleDuo()
    let tally = Tally()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.left &+ model.right) }
      },
      notifications: { tally.count },
      expectedNotificationsPerOperation: 0,
      isolation: PreparedCase.timed { timing in
        withObservationTracking({
          blackHole(model.left &+ model.right)
          timing()
        }, onChange: { tally.bump() })
        // Apple cannot cancel: a write ends the scope, outside the clock.
        model.left &+= 1
      })
  }

  private static func trackedPairPlain() -> PreparedCase {
    let model = PlainDuo()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.left &+ model.right) }
      })
  }

  /// ``trackedPair`` as a ``CoreWorkload``: the catalog's dispatch names each
  /// strategy type, so the loop is specialised for it.
  private struct TrackedPair: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Examples.trackedPair(S.self)
    }
  }
}
