import BenchmarkKit
import ObservationCore

extension Collections {
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
      try structuralRearmed(id, rows: size, kind: .insert)
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
      try structuralRearmed(id, rows: size, kind: .remove)
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
      try structuralRearmed(id, rows: size, kind: .move)
    }
  }

  private static func structuralRearmed(_ id: String, rows: Int, kind: StructuralChange) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try RearmedStructural(rows: rows, kind: kind).prepare(id: id)
    case .apple: return structuralApple(rows: rows, kind: kind)
    case .none: return structuralThenReadPlain(rows: rows, kind: kind)
    }
  }

  private static func structuralRearmed<S: ObservationStrategy>(
    _: S.Type, rows: Int, kind: StructuralChange
  ) -> PreparedCase {
    let fixture = S.inIsolation { CoreRearmedListFixture<S>(rows: rows, rowsComeAndGo: kind == .remove) }
    let store = fixture.store
    let middle = rows / 2
    let phase = Cursor()
    let run: (Int) -> Void
    let documented = DocumentedNotifications.ObservedList(S.self, .rearmed, rows: rows)
    let expected: Double?
    switch kind {
    case .insert:
      let spare = RowState<S>(id: rows)
      run = { iterations in
        alternate(iterations, phase, even: { store.send(.insertFront(spare)) }, odd: { store.send(.remove(spare.id)) })
      }
      expected = documented.structureChange
    case .remove:
      let removed = S.inIsolation { fixture.rowState(middle) }
      run = { iterations in
        alternate(
          iterations, phase, even: { store.send(.remove(middle)) }, odd: { store.send(.insert(removed, at: middle)) })
      }
      // The halves differ; the smoke tests check their mean over pairs.
      expected = documented.removePerOperation
    case .move:
      run = { iterations in
        alternate(
          iterations, phase, even: { store.send(.move(middle, to: 0)) }, odd: { store.send(.move(middle, to: middle)) })
      }
      expected = documented.structureChange
    }
    return .core(S.self, run: run, notifications: { fixture.tally.count }, expected: expected)
  }

  /// The floor: the send, then the one read apple's re-armed structure
  /// observer makes (the order of the rows).
  private static func structuralThenReadPlain(rows: Int, kind: StructuralChange) -> PreparedCase {
    let store = PlainListFixture(rows: rows).store
    let middle = rows / 2
    let phase = Cursor()
    // Each case written out, as structural's floor is, so the sends inline.
    switch kind {
    case .insert:
      let spare = PlainRow(id: rows)
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase,
          even: {
            store.send(.insertFront(spare))
            blackHole(store.state.ids)
          },
          odd: {
            store.send(.remove(spare.id))
            blackHole(store.state.ids)
          })
      })
    case .remove:
      let removed = store.state.storage[middle]!
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase,
          even: {
            store.send(.remove(middle))
            blackHole(store.state.ids)
          },
          odd: {
            store.send(.insert(removed, at: middle))
            blackHole(store.state.ids)
          })
      })
    case .move:
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase,
          even: {
            store.send(.move(middle, to: 0))
            blackHole(store.state.ids)
          },
          odd: {
            store.send(.move(middle, to: middle))
            blackHole(store.state.ids)
          })
      })
    }
  }

  /// ``structuralRearmed`` as a ``CoreWorkload``, specialised per strategy.
  private struct RearmedStructural: CoreWorkload {
    let rows: Int
    let kind: StructuralChange
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Collections.structuralRearmed(S.self, rows: rows, kind: kind)
    }
  }
}
