import BenchmarkKit
import CoreModels
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
      try object(id, threads: size, form: .persistent)
    }
  }

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
      try object(id, threads: size, form: .rearmed)
    }
  }

  private static func object(_ id: String, threads: Int, form: DocumentedNotifications.Form) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try ContendedObject(threads: threads, form: form).prepare(id: id)
    case .apple: return objectApple(threads: threads)
    case .none: return objectPlain(threads: threads, form: form)
    }
  }

  /// The core's side: persistent, one `observe`; re-armed, apple's form
  /// (``CoreRearmedObservation``) with the writes serialised as apple's are.
  private static func object<S: ObservationStrategy>(
    _: S.Type, threads: Int, form: DocumentedNotifications.Form
  ) -> PreparedCase {
    let model = SharedCounter<S>()
    let tally = AtomicTally()
    switch form {
    case .persistent:
      let token = S.observe({ _ = model.value }, onChange: { tally.bump() })
      let pool = WorkerPool(threads: threads) { operations in
        repeatUnrolled(operations) { model.increment() }
      }
      return observed(pool, tally: tally, cancel: token.cancel)
    case .rearmed:
      // Unowned, as apple's: the armed scope lives in the model's registrar.
      CoreRearmedObservation.observe(
        S.self, { [unowned(unsafe) model] in _ = model.value }, onChange: { tally.bump() })
      let writes = WriterLock()
      let pool = WorkerPool(threads: threads) { operations in
        repeatUnrolled(operations) { writes.write { model.increment() } }
      }
      return observed(pool, tally: tally)
    }
  }

  /// Apple's side of both writers' scenarios in both forms: its idiomatic
  /// observer is already a re-armed one-shot.
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
    return observed(pool, tally: tally)
  }

  /// The floor: the increment; re-armed, then the read the re-arm makes, with
  /// nothing to serialise.
  private static func objectPlain(threads: Int, form: DocumentedNotifications.Form) -> PreparedCase {
    let model = PlainSharedCounter()
    switch form {
    case .persistent:
      return unobserved(WorkerPool(threads: threads) { operations in
        repeatUnrolled(operations) { model.increment() }
      })
    case .rearmed:
      return unobserved(WorkerPool(threads: threads) { operations in
        repeatUnrolled(operations) {
          model.increment()
          blackHole(model.value)
        }
      })
    }
  }

  /// ``object`` as a ``CoreWorkload``, specialised per strategy.
  private struct ContendedObject: CoreWorkload {
    let threads: Int
    let form: DocumentedNotifications.Form
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Contention.object(S.self, threads: threads, form: form)
    }
  }
}
