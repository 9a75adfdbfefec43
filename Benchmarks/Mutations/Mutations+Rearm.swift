import BenchmarkKit
import ObservationCore

// Like-for-like persistent observation. `observed` and `store-send-observed`
// compare each side's idiomatic form: the core's persistent `observe` against
// apple's `withObservationTracking` re-armed in every `onChange`. These cases
// give the core apple's form: a one-shot `withTracking` re-armed in its own
// `onChange` (``CoreRearmedObservation``), so both sides open a scope, read and
// install again on every notification. The apple rows are the same work as in
// the idiomatic cases.
extension Mutations {
  /// ``observed`` with every observer re-arming a one-shot scope, on both sides.
  static var observedRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "observed-rearm",
      summary:
        "Like-for-like observed: writes a property k re-armed one-shot observers read; each fires and re-arms (core: "
          + "withTracking, apple: withObservationTracking)",
      sizes: observerCounts,
      quickSizes: quickObserverCounts,
      strategies: StrategyIDs.objects
    ) { id, size in
      switch try Subject(id) {
      case .core: return try RearmedObservedWrite(observers: size).prepare(id: id)
      case .apple: return writeObservedApple(observers: size, onOther: false)
      case .none: return writeThenReadPlain(readers: size)
      }
    }
  }

  private static func writeRearmed<S: ObservationStrategy>(_: S.Type, observers: Int) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    let tally = Tally()
    S.inIsolation {
      for _ in 0..<observers {
        // Unowned, as apple's: the armed scope lives in the model's registrar.
        CoreRearmedObservation.observe(
          S.self, { [unowned(unsafe) model] in _ = model.count }, onChange: { tally.bump() })
      }
    }
    let cursor = Cursor()
    // Unrolled as apple's row (`observed`) is, so both loops have one shape.
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        withExtendedLifetime(model) { writeNewValues(iterations, cursor) { model.count = $0 } }
      },
      notifications: { tally.count },
      expected: Double(observers))
  }

  /// The floor of a re-armed write: the write, then the reads the k re-arms make.
  private static func writeThenReadPlain(readers: Int) -> PreparedCase {
    let model = PlainCounter()
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        writeNewValues(iterations, cursor) { value in
          model.count = value
          for _ in 0..<readers { blackHole(model.count) }
        }
      })
  }

  /// ``storeSendObserved`` with the observer re-arming a one-shot scope, on
  /// both sides.
  static var storeSendRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "store-send-rearm",
      summary:
        "Like-for-like store-send-observed: a send adding one to a field one re-armed one-shot observer reads; it "
          + "fires and re-arms (apple: withObservationTracking)",
      strategies: StrategyIDs.stores
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try RearmedStoreSend().prepare(id: id)
      case .apple: return storeSendApple(observed: true)
      case .none: return storeSendThenReadPlain()
      }
    }
  }

  private static func storeSendRearmed<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let store = S.inIsolation { Store(initialState: CounterState<S>(), reducer: counterReducer) }
    let tally = Tally()
    S.inIsolation {
      // `read` rather than the dynamic member: a key path literal in generic
      // code is instantiated at run time on every re-arm (see reads/store-member).
      CoreRearmedObservation.observe(
        S.self, { [unowned(unsafe) store] in _ = store.read { $0.count } }, onChange: { tally.bump() })
    }
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        withExtendedLifetime(store) { repeatSends(iterations) { store.send(.increment) } }
      },
      notifications: { tally.count },
      expected: 1)
  }

  /// The floor of a re-armed send: the send, then the read the re-arm makes.
  private static func storeSendThenReadPlain() -> PreparedCase {
    let store = PlainStore(initialState: PlainCounterState(), reducer: plainCounterReducer)
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatSends(iterations) {
          store.send(.increment)
          blackHole(store.state.count)
        }
      })
  }

  /// ``observedRearm`` as a ``CoreWorkload``, specialised per strategy.
  private struct RearmedObservedWrite: CoreWorkload {
    let observers: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Mutations.writeRearmed(S.self, observers: observers)
    }
  }

  /// ``storeSendRearm`` as a ``CoreWorkload``, specialised per strategy.
  private struct RearmedStoreSend: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Mutations.storeSendRearmed(S.self)
    }
  }
}
