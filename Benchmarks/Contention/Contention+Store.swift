import BenchmarkKit
import ObservationCore

extension Contention {
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
      strategies: storeStrategies,
      allowedSizes: allowedThreadCounts
    ) { id, size in
      try store(id, threads: size, form: .persistent)
    }
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
      strategies: storeStrategies,
      allowedSizes: allowedThreadCounts
    ) { id, size in
      try store(id, threads: size, form: .rearmed)
    }
  }

  /// Who sends to the store: every strategy safe from any thread, refinements
  /// included, and apple and none.
  private static var storeStrategies: [String] {
    StrategyIDs.anyThread + StrategyIDs.anyThreadRefinements + [StrategyIDs.apple, StrategyIDs.none]
  }

  private static func store(_ id: String, threads: Int, form: DocumentedNotifications.Form) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try ContendedStore(threads: threads, form: form).prepare(id: id)
    // Apple has no store: its side is the object's increment.
    case .apple: return objectApple(threads: threads)
    case .none: return storePlain(threads: threads, form: form)
    }
  }

  /// The core's side: persistent, one `observe`; re-armed, apple's form
  /// (``CoreRearmedObservation``) with the writes serialised as apple's are.
  private static func store<S: ObservationStrategy>(
    _: S.Type, threads: Int, form: DocumentedNotifications.Form
  ) -> PreparedCase {
    let store = Store(initialState: CounterState<S>(), reducer: counterReducer)
    let tally = AtomicTally()
    switch form {
    case .persistent:
      let token = S.observe({ _ = store.count }, onChange: { tally.bump() })
      let pool = WorkerPool(threads: threads) { operations in
        repeatUnrolled(operations) { store.send(.increment) }
      }
      return observed(pool, tally: tally, cancel: token.cancel)
    case .rearmed:
      // `read` rather than the dynamic member: a key path literal in generic
      // code is instantiated at run time on every re-arm (see reads/store-member).
      CoreRearmedObservation.observe(
        S.self, { [unowned(unsafe) store] in _ = store.read { $0.count } }, onChange: { tally.bump() })
      let writes = WriterLock()
      let pool = WorkerPool(threads: threads) { operations in
        repeatUnrolled(operations) { writes.write { store.send(.increment) } }
      }
      return observed(pool, tally: tally)
    }
  }

  /// The floor: the send; re-armed, then the read the re-arm makes, with
  /// nothing to serialise.
  private static func storePlain(threads: Int, form: DocumentedNotifications.Form) -> PreparedCase {
    let store = PlainSharedStore()
    switch form {
    case .persistent:
      return unobserved(WorkerPool(threads: threads) { operations in
        repeatUnrolled(operations) { store.send(.increment) }
      })
    case .rearmed:
      return unobserved(WorkerPool(threads: threads) { operations in
        repeatUnrolled(operations) {
          store.send(.increment)
          blackHole(store.count)
        }
      })
    }
  }

  /// ``store`` as a ``CoreWorkload``, specialised per strategy.
  private struct ContendedStore: CoreWorkload {
    let threads: Int
    let form: DocumentedNotifications.Form
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Contention.store(S.self, threads: threads, form: form)
    }
  }
}
