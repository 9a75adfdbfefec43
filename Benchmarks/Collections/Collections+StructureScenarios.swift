import BenchmarkKit
import ObservationCore

extension Collections {
  /// Inserting an unobserved row at the front, alternating with removing it.
  static var insert: BenchmarkScenario {
    BenchmarkScenario(
      name: "insert",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one send "
          + "inserting a new row at the front; every other op removes it again (n stays n)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .insert, form: .persistent)
    }
  }

  /// Removing an observed row from the middle, alternating with putting it back.
  static var remove: BenchmarkScenario {
    BenchmarkScenario(
      name: "remove",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one send "
          + "removing an observed row from the middle; every other op puts the same row back",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .remove, form: .persistent)
    }
  }

  /// Moving a row to the front, alternating with moving it back.
  static var move: BenchmarkScenario {
    BenchmarkScenario(
      name: "move",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one send "
          + "moving the middle row to the front; every other op moves it back",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .move, form: .persistent)
    }
  }

  /// ``insert`` like for like: every observer re-arms a one-shot scope in its
  /// `onChange` on both sides (apple's row is insert's).
  static var insertRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "insert-rearm",
      summary:
        "Like-for-like insert: one send inserting a new row at the front, every other op removing it; every observer "
          + "reached fires and re-arms a one-shot scope (apple: withObservationTracking)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .insert, form: .rearmed)
    }
  }

  /// ``remove`` like for like. A row observer that finds its row gone ends, and
  /// the structure's re-render observes the row again once it is back, as a
  /// `ForEach` would (``CoreRearmedListFixture``); apple's row objects outlive
  /// their removal, so its row observers never end.
  static var removeRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "remove-rearm",
      summary:
        "Like-for-like remove: one send removing an observed row from the middle, every other op putting it back; "
          + "every observer reached fires and re-arms a one-shot scope, a returning row's anew (apple: "
          + "withObservationTracking)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .remove, form: .rearmed)
    }
  }

  /// ``move`` like for like: every observer re-arms a one-shot scope in its
  /// `onChange` on both sides (apple's row is move's).
  static var moveRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "move-rearm",
      summary:
        "Like-for-like move: one send moving the middle row to the front, every other op moving it back; every "
          + "observer reached fires and re-arms a one-shot scope (apple: withObservationTracking)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .move, form: .rearmed)
    }
  }
}
