import BenchmarkKit
import ObservationCore

// Like-for-like contention. `object` and `store` compare each side's idiomatic
// form: the core's persistent `observe` against apple's `withObservationTracking`
// re-armed in every `onChange`. These give the core apple's form: a one-shot
// `withTracking` re-armed in its own `onChange` (``CoreRearmedObservation``),
// with the writes serialised on both sides (``WriterLock``) so that each write
// fires the scope the one before it re-armed. The apple rows are the same work
// as in the idiomatic cases.
extension Contention {
  /// ``object`` with the observer re-arming a one-shot scope, on both sides.
  static var objectRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "object-rearm",
      summary:
        "Like-for-like object: one serialised increment, from one of t threads, of an object one re-armed one-shot "
          + "observer reads; it fires and re-arms (apple: withObservationTracking; 8 per loop iteration)",
      sizes: threadCounts,
      quickSizes: threadCounts,
      strategies: StrategyIDs.anyThread + [StrategyIDs.apple, StrategyIDs.none],
      allowedSizes: allowedThreadCounts
    ) { id, size in
      switch try Subject(id) {
      case .core: return try RearmedObject(threads: size).prepare(id: id)
      case .apple: return objectApple(threads: size)
      case .none: return objectThenReadPlain(threads: size)
      }
    }
  }

  private static func objectRearmed<S: ObservationStrategy>(_: S.Type, threads: Int) -> PreparedCase {
    let model = SharedCounter<S>()
    let tally = AtomicTally()
    // Unowned, as apple's: the armed scope lives in the model's registrar.
    CoreRearmedObservation.observe(S.self, { [unowned(unsafe) model] in _ = model.value }, onChange: { tally.bump() })
    let writes = WriterLock()
    let pool = WorkerPool(threads: threads) { operations in
      repeatUnrolled(operations) { writes.write { model.increment() } }
    }
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: pool.run,
      notifications: { tally.count },
      expectedNotificationsPerOperation: DocumentedNotifications.observedWrite,
      isolation: PreparedCase.timed(within: pool.hold),
      tearDown: pool.stop)
  }

  /// The floor of a re-armed write: the increment, then the read the re-arm
  /// makes; nothing to serialise.
  private static func objectThenReadPlain(threads: Int) -> PreparedCase {
    let model = PlainSharedCounter()
    let pool = WorkerPool(threads: threads) { operations in
      repeatUnrolled(operations) {
        model.increment()
        blackHole(model.value)
      }
    }
    return PreparedCase(
      operationsPerIteration: unrollFactor, run: pool.run,
      isolation: PreparedCase.timed(within: pool.hold), tearDown: pool.stop)
  }

  /// ``store`` with the observer re-arming a one-shot scope, on both sides.
  static var storeRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "store-rearm",
      summary:
        "Like-for-like store: one serialised send, from one of t threads, incrementing a field one re-armed one-shot "
          + "observer reads; it fires and re-arms (apple: the object's increment, withObservationTracking; 8 per loop "
          + "iteration)",
      sizes: threadCounts,
      quickSizes: threadCounts,
      strategies: StrategyIDs.anyThread + StrategyIDs.anyThreadRefinements
        + [StrategyIDs.apple, StrategyIDs.none],
      allowedSizes: allowedThreadCounts
    ) { id, size in
      switch try Subject(id) {
      case .core: return try RearmedStore(threads: size).prepare(id: id)
      case .apple: return objectApple(threads: size)
      case .none: return storeThenReadPlain(threads: size)
      }
    }
  }

  private static func storeRearmed<S: ObservationStrategy>(_: S.Type, threads: Int) -> PreparedCase {
    let store = Store(initialState: CounterState<S>(), reducer: counterReducer)
    let tally = AtomicTally()
    // `read` rather than the dynamic member: a key path literal in generic code
    // is instantiated at run time on every re-arm (see reads/store-member).
    CoreRearmedObservation.observe(
      S.self, { [unowned(unsafe) store] in _ = store.read { $0.count } }, onChange: { tally.bump() })
    let writes = WriterLock()
    let pool = WorkerPool(threads: threads) { operations in
      repeatUnrolled(operations) { writes.write { store.send(.increment) } }
    }
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: pool.run,
      notifications: { tally.count },
      expectedNotificationsPerOperation: DocumentedNotifications.observedWrite,
      isolation: PreparedCase.timed(within: pool.hold),
      tearDown: pool.stop)
  }

  /// The floor of a re-armed send: the send, then the read the re-arm makes.
  private static func storeThenReadPlain(threads: Int) -> PreparedCase {
    let store = PlainSharedStore()
    let pool = WorkerPool(threads: threads) { operations in
      repeatUnrolled(operations) {
        store.send(.increment)
        blackHole(store.count)
      }
    }
    return PreparedCase(
      operationsPerIteration: unrollFactor, run: pool.run,
      isolation: PreparedCase.timed(within: pool.hold), tearDown: pool.stop)
  }

  /// ``objectRearm`` as a ``CoreWorkload``, specialised per strategy.
  private struct RearmedObject: CoreWorkload {
    let threads: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Contention.objectRearmed(S.self, threads: threads)
    }
  }

  /// ``storeRearm`` as a ``CoreWorkload``, specialised per strategy.
  private struct RearmedStore: CoreWorkload {
    let threads: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Contention.storeRearmed(S.self, threads: threads)
    }
  }
}
