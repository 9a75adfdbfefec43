import CoreModels
import ObservationCore
import Testing

/// The ForEach pattern: one observer per row, through its row store, and one of
/// the collection's structure.
@Suite("Store collections")
struct StoreCollectionTests {
  static let rowCount = 10

  /// Arms every row observer and the structure observer.
  private func armAll<S: ObservationStrategy>(
    _ store: Store<AppState<S>, AppAction<S>>
  ) -> (rows: [Int: Count], structure: Count) {
    var rows: [Int: Count] = [:]
    for id in store.rows.ids {
      let row = store.scope(row: id, of: .keyPath(\.rows), action: AppAction.row)!
      rows[id] = watch(S.self) { _ = row.value }
    }
    let structure = watch(S.self) { _ = store.rows.ids }
    return (rows, structure)
  }

  private func total(_ armed: (rows: [Int: Count], structure: Count)) -> Int {
    armed.rows.values.reduce(0) { $0 + $1.value } + armed.structure.value
  }

  @Test(arguments: StrategyCase.withRefinements)
  func updateRow_notifiesThatRowOnlyWithIdentity(_ strategy: StrategyCase) async {
    await update(strategy.type)
  }

  private func update<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      let armed = armAll(store)
      store.scope(row: 3, of: .keyPath(\.rows), action: AppAction.row)!.send(.increment)
      #expect(store.rows[id: 3]?.value == 1)
      #expect(armed.rows[3]!.value == 1)
      // Without identity the rows field changed as a value, and every row observer
      // read it on the way to its row.
      #expect(total(armed) == (S.isIdentity ? 1 : Self.rowCount + 1))
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func containsID_readsTheStructure_notTheRow(_ strategy: StrategyCase) async {
    await contains(strategy.type)
  }

  private func contains<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      #expect(store.read { $0.rows.contains(id: 3) })
      #expect(!store.read { $0.rows.contains(id: 100) })
      let ofThree = watch(S.self) { _ = store.read { $0.rows.contains(id: 3) } }
      store.scope(row: 3, of: .keyPath(\.rows), action: AppAction.row)!.send(.increment)
      // A row's own change is not the structure's (with identity; without, the
      // collection changed as a value, and every reader of it is told).
      #expect(ofThree.value == (S.isIdentity ? 0 : 1))
      let again = watch(S.self) { _ = store.read { $0.rows.contains(id: 3) } }
      store.send(.removeRow(3))
      #expect(again.value == 1)
      #expect(!store.read { $0.rows.contains(id: 3) })
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func insertRemoveMove_notifyTheStructureAndTheRowsAffected(_ strategy: StrategyCase) async {
    await structure(strategy.type)
  }

  private func structure<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      // Every row observer and the structure observer.
      var everyone: Int { store.rows.count + 1 }

      var armed = armAll(store)
      var armedCount = everyone
      store.send(.insertRow(100))
      #expect(store.rows.ids.first == 100)
      #expect(armed.structure.value == 1)
      #expect(total(armed) == (S.isIdentity ? 1 : armedCount))

      armed = armAll(store)
      armedCount = everyone
      store.send(.removeRow(5))
      #expect(store.rows[id: 5] == nil)
      #expect(armed.structure.value == 1)
      #expect(armed.rows[5]!.value == 1)
      #expect(total(armed) == (S.isIdentity ? 2 : armedCount))

      armed = armAll(store)
      armedCount = everyone
      store.send(.moveRow(7, to: 0))
      #expect(store.rows.ids.first == 7)
      #expect(armed.structure.value == 1)
      #expect(total(armed) == (S.isIdentity ? 1 : armedCount))

      armed = armAll(store)
      armedCount = everyone
      store.send(.replaceRow(2))
      #expect(store.rows[id: 2]?.value == 100)
      #expect(armed.rows[2]!.value == 1)
      #expect(armed.structure.value == (S.isIdentity ? 0 : 1))
      #expect(total(armed) == (S.isIdentity ? 1 : armedCount))
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func replaceAll_diffsById(_ strategy: StrategyCase) async {
    await replaceAll(strategy.type)
  }

  private func replaceAll<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      let armed = armAll(store)
      // Same ids, same order, one row dropped and one new id appended.
      var ids = Array(0..<Self.rowCount)
      ids.removeAll { $0 == 4 }
      ids.append(50)
      store.send(.replaceAllRows(ids))
      #expect(store.rows.ids == ids)
      #expect(armed.rows[4]!.value == 1)
      #expect(armed.structure.value == 1)
      #expect(armed.rows[0]!.value == (S.isIdentity ? 0 : 1))
      #expect(total(armed) == (S.isIdentity ? 2 : Self.rowCount + 1))
    }
  }

  /// `replaceAll(ids:missing:)` moves the kept rows out of a storage it holds
  /// alone and copies them out of a shared one: both keep every kept row's
  /// state and identity, and a copy taken before keeps its rows.
  @Test(arguments: StrategyCase.withRefinements)
  func reorderByIDs_keepsRowsAndIdentity_aloneOrShared(_ strategy: StrategyCase) async {
    await reorder(strategy.type, shared: false)
    await reorder(strategy.type, shared: true)
  }

  private func reorder<S: ObservationStrategy>(_: S.Type, shared: Bool) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      store.send(.row(3, .increment))
      let before = shared ? store.rows : nil
      let identity3 = store.rows[id: 3]!._$registrar.identity
      let armed = armAll(store)
      // Reversed, row 4 dropped, a duplicate of 3 ignored, a new id 50 and
      // its duplicate ignored.
      var ids = Array((0..<Self.rowCount).reversed())
      ids.removeAll { $0 == 4 }
      ids += [3, 50, 50]
      store.send(.reorderRows(ids))
      #expect(store.rows.ids == ids.dropLast(3) + [50])
      #expect(store.rows.count == Self.rowCount)
      #expect(store.rows[id: 3]?.value == 1)
      #expect(store.rows[id: 3]?._$registrar.identity == identity3)
      #expect(store.rows[id: 50]?.value == 100)
      #expect(store.rows[id: 4] == nil)
      #expect(armed.rows[4]!.value == 1)
      #expect(armed.structure.value == 1)
      #expect(armed.rows[3]!.value == (S.isIdentity ? 0 : 1))
      #expect(total(armed) == (S.isIdentity ? 2 : Self.rowCount + 1))
      if let before {
        #expect(before.ids == Array(0..<Self.rowCount))
        #expect(before[id: 3]?.value == 1)
        #expect(before[id: 4] != nil)
      }
      // The same order again changes nothing: with identity no one is told;
      // without, the collection was written through its `_modify` and every
      // reader of it is.
      let again = armAll(store)
      store.send(.reorderRows(store.rows.ids))
      #expect(total(again) == (S.isIdentity ? 0 : Self.rowCount + 1))
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func rowStore_endsWithItsRow(_ strategy: StrategyCase) async {
    await rowEnds(strategy.type)
  }

  private func rowEnds<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: 3)
      let row = store.scope(row: 1, of: .keyPath(\.rows), action: AppAction.row)!
      #expect(row === store.scope(row: 1, of: .keyPath(\.rows), action: AppAction.row))
      row.send(.increment)
      #expect(row.value == 1)
      store.send(.removeRow(1))
      #expect(!row.isPresent)
      row.send(.increment)  // dropped
      #expect(row.value == 1, "an ended store reads the last value it read")
      #expect(store.scope(row: 1, of: .keyPath(\.rows), action: AppAction.row) == nil)
    }
  }
}
