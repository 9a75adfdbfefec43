import BenchmarkKit
import ObservationCore

extension Reads {
  /// One read with no scope open: what every read outside a render costs.
  static let untracked = BenchmarkScenario(
    name: "untracked",
    summary: "Reads one observed property with no tracking scope open",
    strategies: StrategyIDs.objects
  ) { id, _ in
    switch try Subject(id) {
    case .core: return try UntrackedRead().prepare(id: id)
    case .apple: return untrackedApple()
    case .none: return untrackedPlain()
    }
  }

  private static func untracked<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    return .core(S.self, run: { iterations in
      for _ in 0..<iterations { blackHole(model.count) }
    })
  }

  private static func untrackedApple() -> PreparedCase {
    let model = AppleCounter()
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations { blackHole(model.count) }
    })
  }

  private static func untrackedPlain() -> PreparedCase {
    let model = PlainCounter()
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations { blackHole(model.count) }
    })
  }

  /// ``untracked`` as a ``CoreWorkload``, specialised per strategy.
  private struct UntrackedRead: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.untracked(S.self)
    }
  }
}
