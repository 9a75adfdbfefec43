import BenchmarkKit
import CoreModels
import Observation
import ObservationCore

// Both sweeps time their reads inside one open scope that has already read every
// field or object they cycle over (see reads/tracked): an operation is one read of
// one of them, the same unit whatever the iteration count or the size.
extension Reads {
  /// Reads cycling over `n` distinct properties of one object, n = 1 … 62: 62 is
  /// as many fields as per-field invalidation tells apart (bits 0 to 62).
  static var trackedProperties: BenchmarkScenario {
    BenchmarkScenario(
      name: "tracked-properties",
      summary:
        "One read of the next of n observed properties of one object (cycling), all already read in the open scope (8 "
          + "per loop iteration)",
      sizes: [1, 2, 4, 8, 16, 32, 62],
      quickSizes: [1, 62],
      strategies: StrategyIDs.objects,
      // `Wide` has 62 fields (`Wide.fieldCount`): `read(62)` has no field and traps.
      allowedSizes: 1...62
    ) { id, size in
      switch try Subject(id) {
      case .core: return try TrackedPropertyReads(count: size).prepare(id: id)
      case .apple: return trackedPropertiesApple(count: size)
      case .none: return trackedPropertiesPlain(count: size)
      }
    }
  }

  /// Reads of indices 0, 1, … `count` − 1, 0, 1, … through `read`, unrolled; the
  /// cycle goes on from one run to the next (`cursor`), so every run of every
  /// length sweeps the same indices alike.
  @inline(__always)
  static func cycleReads(_ iterations: Int, count: Int, _ cursor: Cursor, _ read: (Int) -> Int) {
    var index = cursor.value
    repeatUnrolled(iterations) {
      blackHole(read(index))
      index &+= 1
      if index == count { index = 0 }
    }
    cursor.value = index
  }

  private static func trackedProperties<S: ObservationStrategy>(_: S.Type, count: Int) -> PreparedCase {
    let model = S.inIsolation { Wide<S>() }
    let position = Cursor()
    let tally = Tally()
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in cycleReads(iterations, count: count, position) { model.read($0) } },
      notifications: { tally.count }, expected: 0,
      context: { timing in
        S.withTracking(
          {
            for field in 0..<count { blackHole(model.read(field)) }
            timing()
          }, onChange: { tally.bump() }
        ).token.cancel()
      })
  }

  private static func trackedPropertiesApple(count: Int) -> PreparedCase {
    let model = AppleWide()
    let position = Cursor()
    let tally = Tally()
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in cycleReads(iterations, count: count, position) { model.read($0) } },
      notifications: { tally.count },
      expectedNotificationsPerOperation: 0,
      isolation: PreparedCase.timed { timing in
        withObservationTracking(
          {
            for field in 0..<count { blackHole(model.read(field)) }
            timing()
          }, onChange: { tally.bump() })
        // Fires and ends the observation, untimed (see reads/tracked).
        cursor.value &+= 1
        model.p0 = cursor.value
      })
  }

  private static func trackedPropertiesPlain(count: Int) -> PreparedCase {
    let model = PlainWide()
    let position = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in cycleReads(iterations, count: count, position) { model.read($0) } })
  }

  /// Reads cycling over `n` distinct objects, n = 1 … 1 000.
  static var trackedObjects: BenchmarkScenario {
    BenchmarkScenario(
      name: "tracked-objects",
      summary:
        "One read of the observed property of the next of n objects (cycling), all already read in the open scope (8 "
          + "per loop iteration)",
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
  }

  private static func trackedObjects<S: ObservationStrategy>(_: S.Type, count: Int) -> PreparedCase {
    let models = S.inIsolation { ContiguousArray((0..<count).map { _ in Counter<S>() }) }
    let position = Cursor()
    let tally = Tally()
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in cycleReads(iterations, count: count, position) { models[$0].count } },
      notifications: { tally.count }, expected: 0,
      context: { timing in
        S.withTracking(
          {
            for model in models { blackHole(model.count) }
            timing()
          }, onChange: { tally.bump() }
        ).token.cancel()
      })
  }

  private static func trackedObjectsApple(count: Int) -> PreparedCase {
    let models = ContiguousArray((0..<count).map { _ in AppleCounter() })
    let position = Cursor()
    let tally = Tally()
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in cycleReads(iterations, count: count, position) { models[$0].count } },
      notifications: { tally.count },
      expectedNotificationsPerOperation: 0,
      isolation: PreparedCase.timed { timing in
        withObservationTracking(
          {
            for model in models { blackHole(model.count) }
            timing()
          }, onChange: { tally.bump() })
        // Fires and ends the observation on every object, untimed (see reads/tracked).
        cursor.value &+= 1
        models[0].count = cursor.value
      })
  }

  private static func trackedObjectsPlain(count: Int) -> PreparedCase {
    let models = ContiguousArray((0..<count).map { _ in PlainCounter() })
    let position = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in cycleReads(iterations, count: count, position) { models[$0].count } })
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
