import BenchmarkKit
import Observation
import ObservationCore

extension Reads {
  // Every tracked case times its reads inside ONE open scope that wraps the whole
  // timing (`PreparedCase.timed(within:)`): the scope is opened, and every field
  // or object the case reads is read once, before the clock starts; it is
  // closed and ended after the clock stops. So an operation is always a read of
  // something this scope has already read, whatever the iteration count, and
  // nothing done once per run is timed. The core ends its scope by cancelling;
  // apple, which cannot cancel, by a write that fires it (left armed, the
  // observations would pile up on the model and slow every later install). A
  // read never fires: every observed side checks 0 notifications per operation
  // (apple's closing write fires outside the counted region).

  /// The same property, read again and again inside an open scope.
  static var tracked: BenchmarkScenario {
    BenchmarkScenario(
      name: "tracked",
      summary: "One read of an observed property already read in the open tracking scope (8 per loop iteration)",
      strategies: StrategyIDs.objects
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try TrackedRead().prepare(id: id)
      case .apple: return trackedApple()
      case .none: return trackedPlain()
      }
    }
  }

  private static func tracked<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    let tally = Tally()
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.count) }
      },
      notifications: { tally.count }, expected: 0,
      context: { timing in
        S.withTracking({
          blackHole(model.count)
          timing()
        }, onChange: { tally.bump() }).token.cancel()
      })
  }

  private static func trackedApple() -> PreparedCase {
    let model = AppleCounter()
    let tally = Tally()
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.count) }
      },
      notifications: { tally.count },
      expectedNotificationsPerOperation: 0,
      isolation: PreparedCase.timed { timing in
        withObservationTracking({
          blackHole(model.count)
          timing()
        }, onChange: { tally.bump() })
        cursor.value &+= 1
        model.count = cursor.value
      })
  }

  private static func trackedPlain() -> PreparedCase {
    // No scope to open: the plain read is the floor.
    let model = PlainCounter()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.count) }
      })
  }

  /// ``tracked`` as a ``CoreWorkload``, specialised per strategy.
  private struct TrackedRead: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.tracked(S.self)
    }
  }
}
