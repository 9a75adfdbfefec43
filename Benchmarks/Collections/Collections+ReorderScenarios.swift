import BenchmarkKit
import ObservationCore

extension Collections {
  // The collection operations real list code calls beyond one row at a time:
  // a sort, a removal by predicate, SwiftUI's multi-row move. The core's side
  // calls `IdentifiedArray`'s own (`sort(by:)`, `removeAll(where:)`,
  // `move(fromOffsets:toOffset:)`, `replaceAll(ids:missing:)` to put rows
  // back); apple's the same on its array of row objects, each one mutation of
  // `rows`; none's on its ids.

  /// Sorting the rows by id, descending then ascending.
  static var sort: BenchmarkScenario {
    BenchmarkScenario(
      name: "sort",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one send "
        + "sorting the rows by id, descending, every other op ascending again",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .sort, form: .persistent)
    }
  }

  /// Removing a tenth of the rows by a predicate, then putting them back.
  static var removeWhere: BenchmarkScenario {
    BenchmarkScenario(
      name: "remove-where",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one send "
        + "removing the observed rows of ids 5 modulo 10 with removeAll(where:); every other op puts them back",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .removeWhere, form: .persistent)
    }
  }

  /// Moving a tenth of the rows with SwiftUI's `onMove` arguments.
  static var moveOffsets: BenchmarkScenario {
    BenchmarkScenario(
      name: "move-offsets",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one send "
        + "moving the first tenth of the rows to the end with move(fromOffsets:toOffset:); every other op moves "
        + "the last tenth to the front",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .moveOffsets, form: .persistent)
    }
  }

  /// ``sort`` like for like: every observer re-arms a one-shot scope.
  static var sortRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "sort-rearm",
      summary:
        "Like-for-like sort: one send sorting the rows by id, descending, every other op ascending; every observer "
        + "reached fires and re-arms a one-shot scope (apple: withObservationTracking)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .sort, form: .rearmed)
    }
  }

  /// ``removeWhere`` like for like; the removed rows' observers end with their
  /// rows and come back with the structure's re-render, as for remove-rearm.
  static var removeWhereRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "remove-where-rearm",
      summary:
        "Like-for-like remove-where: one send removing the rows of ids 5 modulo 10, every other op putting them "
        + "back; every observer reached fires and re-arms a one-shot scope, returning rows' anew (apple: "
        + "withObservationTracking). Unlike apple's row objects, a removed row's store ends and tells its "
        + "observer: +identity notifies n/20 + 1 per op, apple 1",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .removeWhere, form: .rearmed)
    }
  }

  /// ``moveOffsets`` like for like.
  static var moveOffsetsRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "move-offsets-rearm",
      summary:
        "Like-for-like move-offsets: one send moving the first tenth of the rows to the end, every other op the "
        + "last tenth to the front; every observer reached fires and re-arms a one-shot scope (apple: "
        + "withObservationTracking)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try structural(id, rows: size, kind: .moveOffsets, form: .rearmed)
    }
  }
}
