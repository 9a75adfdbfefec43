import BenchmarkKit
import Observation
import ObservationCore

extension Reads {
  // Every tracked case opens ONE scope around its whole loop: an operation is one
  // read inside it. Closing the scope installs one observer, which the core then
  // cancels; apple cannot cancel, so it ends its observation the only way it has,
  // one write after the loop that fires it (left armed, the observations would
  // pile up on the model run after run and slow every later install). Either
  // end is a fixed cost per run, amortised over its thousands of reads. A read
  // must never fire the core's scope: those cases check 0 notifications; apple's
  // count would include its own closing write, so it is not counted.

  /// The same property, read again and again inside an open scope.
  static let tracked = BenchmarkScenario(
    name: "tracked",
    summary: "Reads the same observed property inside an open tracking scope",
    strategies: StrategyIDs.objects
  ) { id, _ in
    switch try Subject(id) {
    case .core: return try TrackedRead().prepare(id: id)
    case .apple: return trackedApple()
    case .none: return trackedPlain()
    }
  }

  private static func tracked<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    let tally = Tally()
    return .core(
      S.self,
      run: { iterations in
        S.withTracking({
          for _ in 0..<iterations { blackHole(model.count) }
        }, onChange: { tally.bump() }).token.cancel()
      },
      notifications: { tally.count }, expected: 0)
  }

  private static func trackedApple() -> PreparedCase {
    let model = AppleCounter()
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      withObservationTracking({
        for _ in 0..<iterations { blackHole(model.count) }
      }, onChange: {})
      cursor.value &+= 1
      model.count = cursor.value
    })
  }

  private static func trackedPlain() -> PreparedCase {
    // No scope to open: the plain read is the floor.
    let model = PlainCounter()
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations { blackHole(model.count) }
    })
  }

  /// ``tracked`` as a ``CoreWorkload``, specialised per strategy.
  private struct TrackedRead: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.tracked(S.self)
    }
  }
}
