import BenchmarkKit
import ObservationCore

extension Contention {
  /// t threads incrementing one observed object.
  static var object: BenchmarkScenario {
    BenchmarkScenario(
      name: "object",
      summary:
        "One increment of an object that one persistent observer reads, from one of t threads started together (1 "
          + "notification, none lost; 8 per loop iteration)",
      sizes: threadCounts,
      quickSizes: threadCounts,
      strategies: StrategyIDs.anyThread + [StrategyIDs.apple, StrategyIDs.none],
      allowedSizes: allowedThreadCounts
    ) { id, size in
      switch try Subject(id) {
      case .core: return try ContendedObject(threads: size).prepare(id: id)
      case .apple: return objectApple(threads: size)
      case .none: return objectPlain(threads: size)
      }
    }
  }

  private static func object<S: ObservationStrategy>(_: S.Type, threads: Int) -> PreparedCase {
    let model = SharedCounter<S>()
    let tally = AtomicTally()
    let token = S.observe({ _ = model.value }, onChange: { tally.bump() })
    let pool = WorkerPool(threads: threads) { operations in
      repeatUnrolled(operations) { model.increment() }
    }
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: pool.run,
      notifications: { tally.count },
      // Every write is notified, whatever the interleaving.
      expectedNotificationsPerOperation: 1,
      isolation: PreparedCase.timed(within: pool.hold),
      tearDown: {
        pool.stop()
        token.cancel()
      })
  }

  private static func objectApple(threads: Int) -> PreparedCase {
    let model = AppleSharedCounter()
    let tally = AtomicTally()
    AppleObservation.observeConcurrently({ [unowned(unsafe) model] in _ = model.value }, onChange: { tally.bump() })
    let pool = WorkerPool(threads: threads) { operations in
      repeatUnrolled(operations) { model.increment() }
    }
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: pool.run,
      notifications: { tally.count },
      // Between a fire and its re-arm another thread's write goes unseen, so with
      // several writers apple loses notifications: recorded, not checked. (Without
      // the once-flag it would instead multiply its observations without bound.)
      expectedNotificationsPerOperation: threads == 1 ? 1 : nil,
      isolation: PreparedCase.timed(within: pool.hold),
      tearDown: pool.stop)
  }

  private static func objectPlain(threads: Int) -> PreparedCase {
    let model = PlainSharedCounter()
    let pool = WorkerPool(threads: threads) { operations in
      repeatUnrolled(operations) { model.increment() }
    }
    return PreparedCase(
      operationsPerIteration: unrollFactor, run: pool.run,
      isolation: PreparedCase.timed(within: pool.hold), tearDown: pool.stop)
  }

  /// t threads sending to one observed store.
  static var store: BenchmarkScenario {
    BenchmarkScenario(
      name: "store",
      summary:
        "One send incrementing a field that one persistent observer reads, from one of t threads started together (1 "
          + "notification, none lost; 8 per loop iteration)",
      sizes: threadCounts,
      quickSizes: threadCounts,
      strategies: StrategyIDs.anyThread + StrategyIDs.anyThreadRefinements
        + [StrategyIDs.apple, StrategyIDs.none],
      allowedSizes: allowedThreadCounts
    ) { id, size in
      switch try Subject(id) {
      case .core: return try ContendedStore(threads: size).prepare(id: id)
      case .apple: return objectApple(threads: size)
      case .none: return storePlain(threads: size)
      }
    }
  }

  private static func store<S: ObservationStrategy>(_: S.Type, threads: Int) -> PreparedCase {
    let store = Store(initialState: CounterState<S>(), reducer: counterReducer)
    let tally = AtomicTally()
    let token = S.observe({ _ = store.count }, onChange: { tally.bump() })
    let pool = WorkerPool(threads: threads) { operations in
      repeatUnrolled(operations) { store.send(.increment) }
    }
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: pool.run,
      notifications: { tally.count },
      expectedNotificationsPerOperation: 1,
      isolation: PreparedCase.timed(within: pool.hold),
      tearDown: {
        pool.stop()
        token.cancel()
      })
  }

  private static func storePlain(threads: Int) -> PreparedCase {
    let store = PlainSharedStore()
    let pool = WorkerPool(threads: threads) { operations in
      repeatUnrolled(operations) { store.send(.increment) }
    }
    return PreparedCase(
      operationsPerIteration: unrollFactor, run: pool.run,
      isolation: PreparedCase.timed(within: pool.hold), tearDown: pool.stop)
  }

  /// ``object`` as a ``CoreWorkload``, specialised per strategy.
  private struct ContendedObject: CoreWorkload {
    let threads: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Contention.object(S.self, threads: threads)
    }
  }

  /// ``store`` as a ``CoreWorkload``, specialised per strategy.
  private struct ContendedStore: CoreWorkload {
    let threads: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Contention.store(S.self, threads: threads)
    }
  }
}
