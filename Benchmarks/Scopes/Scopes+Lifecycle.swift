import BenchmarkKit
import Observation
import ObservationCore

extension Scopes {
  /// A scope that reads nothing.
  static var empty: BenchmarkScenario {
    BenchmarkScenario(
      name: "empty",
      summary: "Opens and closes a tracking scope that reads nothing (8 per loop iteration)",
      strategies: StrategyIDs.objectsObserved
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try EmptyScope().prepare(id: id)
      case .apple: return emptyApple()
      case .none: throw UnknownStrategy(id: id)
      }
    }
  }

  private static func empty<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let tally = Tally()
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) {
          S.withTracking({}, onChange: { tally.bump() })
          clobberMemory()
        }
      },
      notifications: { tally.count }, expected: 0)
  }

  private static func emptyApple() -> PreparedCase {
    let tally = Tally()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) {
          withObservationTracking({}, onChange: { tally.bump() })
          clobberMemory()
        }
      },
      notifications: { tally.count }, expectedNotificationsPerOperation: 0)
  }

  /// Track one read, then write it: install, fire, clean up.
  static var trackFire: BenchmarkScenario {
    BenchmarkScenario(
      name: "track-fire",
      summary:
        "Opens a scope reading one property, closes it, then writes the property: install, fire, clean up (1 "
          + "notification)",
      strategies: StrategyIDs.objectsObserved
    ) { id, _ in
      try trackFire(id, reads: 1)
    }
  }

  /// Track r reads of the property, then write it.
  static var trackManyFire: BenchmarkScenario {
    BenchmarkScenario(
      name: "track-many-fire",
      summary: "Opens a scope reading one property r times, closes it, then writes the property (1 notification)",
      sizes: [1, 3, 10, 30, 100],
      quickSizes: [1, 100],
      strategies: StrategyIDs.objectsObserved
    ) { id, size in
      try trackFire(id, reads: size)
    }
  }

  private static func trackFire(_ id: String, reads: Int) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try TrackFire(reads: reads).prepare(id: id)
    case .apple: return trackFireApple(reads: reads)
    case .none: throw UnknownStrategy(id: id)
    }
  }

  private static func trackFire<S: ObservationStrategy>(_: S.Type, reads: Int) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    let tally = Tally()
    let cursor = Cursor()
    let reads = identity(reads)
    return .core(
      S.self,
      run: { iterations in
        var value = cursor.value
        for _ in 0..<iterations {
          S.withTracking(
            {
              for _ in 0..<reads { blackHole(model.count) }
            }, onChange: { tally.bump() })
          value &+= 1
          model.count = value
        }
        cursor.value = value
      },
      notifications: { tally.count }, expected: 1)
  }

  private static func trackFireApple(reads: Int) -> PreparedCase {
    let model = AppleCounter()
    let tally = Tally()
    let cursor = Cursor()
    let reads = identity(reads)
    return PreparedCase(
      run: { iterations in
        var value = cursor.value
        for _ in 0..<iterations {
          withObservationTracking(
            {
              for _ in 0..<reads { blackHole(model.count) }
            }, onChange: { tally.bump() })
          value &+= 1
          model.count = value
        }
        cursor.value = value
      },
      notifications: { tally.count }, expectedNotificationsPerOperation: 1)
  }

  /// ``empty`` as a ``CoreWorkload``, specialised per strategy.
  private struct EmptyScope: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Scopes.empty(S.self)
    }
  }

  /// ``trackFire`` as a ``CoreWorkload``, specialised per strategy.
  private struct TrackFire: CoreWorkload {
    let reads: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Scopes.trackFire(S.self, reads: reads)
    }
  }
}
