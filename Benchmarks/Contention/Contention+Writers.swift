import BenchmarkKit
import ObservationCore

extension Contention {
  /// t threads incrementing one observed object.
  static var object: BenchmarkScenario {
    BenchmarkScenario(
      name: "object",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange, writes "
          + "serialised): one increment of an object one observer reads, from one of t threads (1 notification, none "
          + "lost; 8 per loop iteration)",
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
      expectedNotificationsPerOperation: DocumentedNotifications.observedWrite,
      isolation: PreparedCase.timed(within: pool.hold),
      tearDown: {
        pool.stop()
        token.cancel()
      })
  }

  /// Apple's side of both writers' scenarios and of their like-for-like forms:
  /// its idiomatic observer is already a re-armed one-shot.
  static func objectApple(threads: Int) -> PreparedCase {
    let model = AppleSharedCounter()
    let tally = AtomicTally()
    AppleObservation.observe({ [unowned(unsafe) model] in _ = model.value }, onChange: { tally.bump() })
    // Serialised, each write fires the observer the previous one re-armed, and
    // only that one: no write goes unseen, none is seen twice.
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
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange, writes "
          + "serialised): one send incrementing a field one observer reads, from one of t threads (1 notification, "
          + "none lost; apple: the object's increment; 8 per loop iteration)",
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
      expectedNotificationsPerOperation: DocumentedNotifications.observedWrite,
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
