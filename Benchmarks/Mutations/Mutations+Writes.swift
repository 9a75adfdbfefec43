import BenchmarkKit
import ObservationCore

extension Mutations {
  // Every write stores a new value (a cursor carried across runs), so none is an
  // equal-value write that Apple would skip; `blackHole(value)` after each write
  // keeps the optimiser from sinking the stores of `none` out of the loop.

  /// A write nobody observes.
  static let noObservers = BenchmarkScenario(
    name: "no-observers",
    summary: "Writes a new value to an observed property that nobody observes",
    strategies: StrategyIDs.objects
  ) { id, _ in
    switch try Subject(id) {
    case .core: return try UnobservedWrite().prepare(id: id)
    case .apple: return noObserversApple()
    case .none: return noObserversPlain()
    }
  }

  private static func noObservers<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    let cursor = Cursor()
    return .core(S.self, run: { iterations in
      var value = cursor.value
      for _ in 0..<iterations {
        value &+= 1
        model.count = value
        blackHole(value)
      }
      cursor.value = value
    })
  }

  private static func noObserversApple() -> PreparedCase {
    let model = AppleCounter()
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      var value = cursor.value
      for _ in 0..<iterations {
        value &+= 1
        model.count = value
        blackHole(value)
      }
      cursor.value = value
    })
  }

  static func noObserversPlain() -> PreparedCase {
    let model = PlainCounter()
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      var value = cursor.value
      for _ in 0..<iterations {
        value &+= 1
        model.count = value
        blackHole(value)
      }
      cursor.value = value
    })
  }

  /// ``noObservers`` as a ``CoreWorkload``, specialised per strategy.
  private struct UnobservedWrite: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Mutations.noObservers(S.self)
    }
  }
}
