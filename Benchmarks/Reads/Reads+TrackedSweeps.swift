import BenchmarkKit
import Observation
import ObservationCore

extension Reads {
  /// Reads cycling over `n` distinct properties of one object, n = 1 … 62: 62 is
  /// as many fields as per-field invalidation tells apart (bits 0 to 62).
  static let trackedProperties = BenchmarkScenario(
    name: "tracked-properties",
    summary: "Reads one of n distinct observed properties of one object (cycling) inside an open scope",
    sizes: [1, 2, 4, 8, 16, 32, 62],
    quickSizes: [1, 62],
    strategies: StrategyIDs.objects
  ) { id, size in
    switch try Subject(id) {
    case .core: return try TrackedPropertyReads(count: size).prepare(id: id)
    case .apple: return trackedPropertiesApple(count: size)
    case .none: return trackedPropertiesPlain(count: size)
    }
  }

  private static func trackedProperties<S: ObservationStrategy>(_: S.Type, count: Int) -> PreparedCase {
    let model = S.inIsolation { Wide<S>() }
    let tally = Tally()
    return .core(
      S.self,
      run: { iterations in
        S.withTracking({
          var field = 0
          for _ in 0..<iterations {
            blackHole(model.read(field))
            field &+= 1
            if field == count { field = 0 }
          }
        }, onChange: { tally.bump() }).token.cancel()
      },
      notifications: { tally.count }, expected: 0)
  }

  private static func trackedPropertiesApple(count: Int) -> PreparedCase {
    let model = AppleWide()
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      withObservationTracking({
        var field = 0
        for _ in 0..<iterations {
          blackHole(model.read(field))
          field &+= 1
          if field == count { field = 0 }
        }
      }, onChange: {})
      // Fires and ends the observation (see reads/tracked).
      cursor.value &+= 1
      model.p0 = cursor.value
    })
  }

  private static func trackedPropertiesPlain(count: Int) -> PreparedCase {
    let model = PlainWide()
    return PreparedCase(run: { iterations in
      var field = 0
      for _ in 0..<iterations {
        blackHole(model.read(field))
        field &+= 1
        if field == count { field = 0 }
      }
    })
  }

  /// Reads cycling over `n` distinct objects, n = 1 … 1 000.
  static let trackedObjects = BenchmarkScenario(
    name: "tracked-objects",
    summary: "Reads the observed property of one of n distinct objects (cycling) inside an open scope",
    sizes: [1, 10, 100, 1_000],
    quickSizes: [1, 1_000],
    strategies: StrategyIDs.objects
  ) { id, size in
    switch try Subject(id) {
    case .core: return try TrackedObjectReads(count: size).prepare(id: id)
    case .apple: return trackedObjectsApple(count: size)
    case .none: return trackedObjectsPlain(count: size)
    }
  }

  private static func trackedObjects<S: ObservationStrategy>(_: S.Type, count: Int) -> PreparedCase {
    let models = S.inIsolation { ContiguousArray((0..<count).map { _ in Counter<S>() }) }
    let tally = Tally()
    return .core(
      S.self,
      run: { iterations in
        S.withTracking({
          var index = 0
          for _ in 0..<iterations {
            blackHole(models[index].count)
            index &+= 1
            if index == count { index = 0 }
          }
        }, onChange: { tally.bump() }).token.cancel()
      },
      notifications: { tally.count }, expected: 0)
  }

  private static func trackedObjectsApple(count: Int) -> PreparedCase {
    let models = ContiguousArray((0..<count).map { _ in AppleCounter() })
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      withObservationTracking({
        var index = 0
        for _ in 0..<iterations {
          blackHole(models[index].count)
          index &+= 1
          if index == count { index = 0 }
        }
      }, onChange: {})
      // Fires and ends the observation (see reads/tracked).
      cursor.value &+= 1
      models[0].count = cursor.value
    })
  }

  private static func trackedObjectsPlain(count: Int) -> PreparedCase {
    let models = ContiguousArray((0..<count).map { _ in PlainCounter() })
    return PreparedCase(run: { iterations in
      var index = 0
      for _ in 0..<iterations {
        blackHole(models[index].count)
        index &+= 1
        if index == count { index = 0 }
      }
    })
  }

  /// ``trackedProperties`` as a ``CoreWorkload``, specialised per strategy.
  private struct TrackedPropertyReads: CoreWorkload {
    let count: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.trackedProperties(S.self, count: count)
    }
  }

  /// ``trackedObjects`` as a ``CoreWorkload``, specialised per strategy.
  private struct TrackedObjectReads: CoreWorkload {
    let count: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.trackedObjects(S.self, count: count)
    }
  }
}
