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
      try structural(id, rows: size, kind: .insert)
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
      try structural(id, rows: size, kind: .remove)
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
      try structural(id, rows: size, kind: .move)
    }
  }

  /// The structural changes, each paired with its inverse.
  enum StructuralChange {
    case insert, remove, move
  }

  private static func structural(_ id: String, rows: Int, kind: StructuralChange) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try Structural(rows: rows, kind: kind).prepare(id: id)
    case .apple: return structuralApple(rows: rows, kind: kind)
    case .none: return structuralPlain(rows: rows, kind: kind)
    }
  }

  private static func structural<S: ObservationStrategy>(
    _: S.Type, rows: Int, kind: StructuralChange
  ) -> PreparedCase {
    let fixture = S.inIsolation { CoreListFixture<S>(rows: rows) }
    let store = fixture.store
    let middle = rows / 2
    let phase = Cursor()
    let run: (Int) -> Void
    let documented = DocumentedNotifications.ObservedList(S.self, .persistent, rows: rows)
    let expected: Double?
    switch kind {
    case .insert:
      let spare = RowState<S>(id: rows)
      run = { iterations in
        alternate(iterations, phase, even: { store.send(.insertFront(spare)) }, odd: { store.send(.remove(spare.id)) })
      }
      expected = documented.structureChange
    case .remove:
      // The same state value goes back, so its registrar (and its observer) stay.
      let removed = S.inIsolation { fixture.rowState(middle) }
      run = { iterations in
        alternate(
          iterations, phase, even: { store.send(.remove(middle)) }, odd: { store.send(.insert(removed, at: middle)) })
      }
      // The halves may differ; the smoke tests check their mean over pairs.
      expected = documented.removePerOperation
    case .move:
      run = { iterations in
        alternate(
          iterations, phase, even: { store.send(.move(middle, to: 0)) }, odd: { store.send(.move(middle, to: middle)) })
      }
      expected = documented.structureChange
    }
    return .core(
      S.self, run: run, notifications: { fixture.tally.count }, expected: expected,
      tearDown: { fixture.cancel() })
  }

  /// Apple's side of a structural change, the same in both forms: its
  /// observers always re-arm.
  static func structuralApple(rows: Int, kind: StructuralChange) -> PreparedCase {
    let fixture = AppleListFixture(rows: rows)
    let list = fixture.list
    let middle = rows / 2
    let phase = Cursor()
    let run: (Int) -> Void
    switch kind {
    case .insert:
      let spare = AppleRow(id: rows)
      run = { iterations in
        alternate(iterations, phase, even: { list.insert(spare, at: 0) }, odd: { list.remove(id: spare.id) })
      }
    case .remove:
      let removed = list.index[middle]!
      run = { iterations in
        alternate(iterations, phase, even: { list.remove(id: middle) }, odd: { list.insert(removed, at: middle) })
      }
    case .move:
      run = { iterations in
        alternate(iterations, phase, even: { list.move(id: middle, to: 0) }, odd: { list.move(id: middle, to: middle) })
      }
    }
    // Each op is one mutation of `rows`: its observer only; row objects are
    // untouched, so a removed row's view is not told.
    let documented = DocumentedNotifications.ObservedList.apple(rows: rows)
    let expected = kind == .remove ? documented.removePerOperation : documented.structureChange
    return PreparedCase(
      run: run, notifications: { fixture.tally.count }, expectedNotificationsPerOperation: expected)
  }

  private static func structuralPlain(rows: Int, kind: StructuralChange) -> PreparedCase {
    let store = PlainListFixture(rows: rows).store
    let middle = rows / 2
    let phase = Cursor()
    switch kind {
    case .insert:
      let spare = PlainRow(id: rows)
      return PreparedCase(run: { iterations in
        alternate(iterations, phase, even: { store.send(.insertFront(spare)) }, odd: { store.send(.remove(spare.id)) })
      })
    case .remove:
      let removed = store.state.storage[middle]!
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase, even: { store.send(.remove(middle)) }, odd: { store.send(.insert(removed, at: middle)) })
      })
    case .move:
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase, even: { store.send(.move(middle, to: 0)) }, odd: { store.send(.move(middle, to: middle)) })
      })
    }
  }

  /// ``structural`` as a ``CoreWorkload``, specialised per strategy.
  private struct Structural: CoreWorkload {
    let rows: Int
    let kind: StructuralChange
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Collections.structural(S.self, rows: rows, kind: kind)
    }
  }
}
