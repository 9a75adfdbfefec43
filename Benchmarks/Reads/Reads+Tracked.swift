import BenchmarkKit
import Observation
import ObservationCore

extension Reads {
  // Every tracked case opens ONE scope around its whole loop: an operation is one
  // read inside it. Closing the scope installs one observer, which the core then
  // cancels and apple leaves armed (it cannot cancel; nothing ever writes here):
  // a fixed cost per sample, amortised over the sample's thousands of reads. A
  // read must never fire the scope: each case checks 0 notifications.

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
    let tally = Tally()
    return PreparedCase(
      run: { iterations in
        withObservationTracking({
          for _ in 0..<iterations { blackHole(model.count) }
        }, onChange: { tally.bump() })
      },
      notifications: { tally.count }, expectedNotificationsPerOperation: 0)
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
