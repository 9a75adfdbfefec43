import BenchmarkKit
import ObservationCore

extension Mutations {
  /// A send whose reducer changes one field, nobody observing.
  static var storeSend: BenchmarkScenario {
    BenchmarkScenario(
      name: "store-send",
      summary:
        "One send of an action whose reducer adds one to a field, no observer (apple: model.increment(); 8 per loop "
          + "iteration)",
      strategies: StrategyIDs.stores
    ) { id, _ in
      try storeSend(id, observed: false)
    }
  }

  /// A send whose reducer changes one field, one persistent observer on it.
  static var storeSendObserved: BenchmarkScenario {
    BenchmarkScenario(
      name: "store-send-observed",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one send "
          + "adding one to a field one observer reads (1 notification; 8 per loop iteration)",
      strategies: StrategyIDs.stores
    ) { id, _ in
      try storeSend(id, observed: true)
    }
  }

  private static func storeSend(_ id: String, observed: Bool) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try StoreSend(observed: observed).prepare(id: id)
    case .apple: return storeSendApple(observed: observed)
    case .none: return storeSendPlain()
    }
  }

  private static func storeSend<S: ObservationStrategy>(_: S.Type, observed: Bool) -> PreparedCase {
    let store = S.inIsolation { Store(initialState: CounterState<S>(), reducer: counterReducer) }
    let tally = Tally()
    let token = observed ? S.inIsolation { S.observe({ _ = store.count }, onChange: { tally.bump() }) } : nil
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in repeatSends(iterations) { store.send(.increment) } },
      notifications: { tally.count },
      expected: observed ? 1 : 0,
      tearDown: { token?.cancel() })
  }

  static func storeSendApple(observed: Bool) -> PreparedCase {
    let model = AppleCounter()
    let tally = Tally()
    if observed {
      AppleObservation.observe({ [unowned(unsafe) model] in _ = model.count }, onChange: { tally.bump() })
    }
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in repeatSends(iterations) { model.increment() } },
      notifications: { tally.count },
      expectedNotificationsPerOperation: observed ? 1 : 0)
  }

  private static func storeSendPlain() -> PreparedCase {
    let store = PlainStore(initialState: PlainCounterState(), reducer: plainCounterReducer)
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in repeatSends(iterations) { store.send(.increment) } })
  }

  /// `iterations` × 8 sends, each followed by a memory clobber so that no two
  /// are merged, alike for every side.
  @inline(__always)
  static func repeatSends(_ iterations: Int, _ send: () -> Void) {
    repeatUnrolled(iterations) {
      send()
      clobberMemory()
    }
  }

  /// ``storeSend`` as a ``CoreWorkload``, specialised per strategy.
  private struct StoreSend: CoreWorkload {
    let observed: Bool
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Mutations.storeSend(S.self, observed: observed)
    }
  }
}
