import BenchmarkKit
import ObservationCore

extension Mutations {
  // Every write stores a new value (a cursor carried across runs), so none is an
  // equal-value write that Apple would skip. Writes of a few nanoseconds run
  // eight per loop iteration (`repeatUnrolled`); `blackHole(value)` after each
  // clobbers memory, so no write of `none` is merged with the next or sunk out
  // of the loop, and every side pays the same barrier.

  /// A write nobody observes.
  static var noObservers: BenchmarkScenario {
    BenchmarkScenario(
      name: "no-observers",
      summary: "One write of a new value to an observed property that nobody observes (8 per loop iteration)",
      strategies: StrategyIDs.objects
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try UnobservedWrite().prepare(id: id)
      case .apple: return noObserversApple()
      case .none: return noObserversPlain()
      }
    }
  }

  /// `iterations` × 8 writes of successive new values through `write`, carrying
  /// the value in `cursor` from one run to the next.
  @inline(__always)
  static func writeNewValues(_ iterations: Int, _ cursor: Cursor, _ write: (Int) -> Void) {
    var value = cursor.value
    repeatUnrolled(iterations) {
      value &+= 1
      write(value)
      blackHole(value)
    }
    cursor.value = value
  }

  private static func noObservers<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    let cursor = Cursor()
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in writeNewValues(iterations, cursor) { model.count = $0 } })
  }

  private static func noObserversApple() -> PreparedCase {
    let model = AppleCounter()
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in writeNewValues(iterations, cursor) { model.count = $0 } })
  }

  static func noObserversPlain() -> PreparedCase {
    let model = PlainCounter()
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in writeNewValues(iterations, cursor) { model.count = $0 } })
  }

  /// ``noObservers`` as a ``CoreWorkload``, specialised per strategy.
  private struct UnobservedWrite: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Mutations.noObservers(S.self)
    }
  }
}
