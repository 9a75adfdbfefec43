@testable import Benchmarks
import ObservationCore
import Testing

/// Row stores whose collection is found in place (`scope(row:of:locate:action:)`):
/// their reads compare and copy the row where it is stored, and their sends
/// check its presence without a copy. They must see the same state, observe the
/// same fields and end at the same moment as the key path and getter forms.
@Suite("Store located rows")
struct StoreLocatedRowTests {
  static let rowCount = 6

  @Test(arguments: StrategyCase.withRefinements)
  func locatedRow_readsSendsAndNotifiesAsTheKeyPathRowDoes(_ strategy: StrategyCase) async {
    await rowsAlike(strategy.type)
  }

  private func rowsAlike<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      let located = store.scope(row: 2, of: \.rows, locate: AppState<S>.rows(at:), action: AppAction.row)!
      #expect(located === store.scope(row: 2, of: \.rows, action: AppAction.row))
      let others = (0..<Self.rowCount).filter { $0 != 2 }.map { id in
        let row = store.scope(row: id, of: \.rows, locate: AppState<S>.rows(at:), action: AppAction.row)!
        return watch(S.self) { _ = row.value }
      }
      let ofRow = watch(S.self) { _ = located.value }
      // Another row's send first: the row's own send then checks its presence.
      store.send(.row(3, .increment))
      located.send(.increment)
      #expect(ofRow.value == 1)
      // Every reader read `rows` on its way down: all fire but where identity
      // skipping sees the rows keep theirs, and then only row 3's.
      #expect(others.reduce(0) { $0 + $1.value } == (S.isIdentity ? 1 : Self.rowCount - 1))
      #expect(located.value == 1)
      #expect(store.rows[id: 2]?.value == 1)
      #expect(store.rows[id: 3]?.value == 1)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func locatedRow_sendAfterRemoval_isDropped(_ strategy: StrategyCase) async {
    await removed(strategy.type)
  }

  private func removed<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      let row = store.scope(row: 4, of: \.rows, locate: AppState<S>.rows(at:), action: AppAction.row)!
      #expect(row.value == 0)
      row.send(.increment)
      #expect(row.value == 1)
      // A removal moves the last row into the hole: its store finds it by id.
      let last = store.scope(row: 5, of: \.rows, locate: AppState<S>.rows(at:), action: AppAction.row)!
      store.send(.removeRow(4))
      #expect(!row.isPresent)
      row.send(.increment)  // dropped
      #expect(row.value == 1, "an ended store reads its last value")
      #expect(store.rows[id: 4] == nil)
      last.send(.increment)
      #expect(last.value == 1)
      #expect(store.rows[id: 5]?.value == 1)
      // Removed and re-added with a new identity, no read in between: ended.
      let other = store.scope(row: 1, of: \.rows, locate: AppState<S>.rows(at:), action: AppAction.row)!
      _ = other.value
      store.send(.replaceRow(1))
      other.send(.increment)  // dropped: the row was replaced
      #expect(store.rows[id: 1]?.value == 100)
      #expect(!other.isPresent)
      #expect(store.scope(row: 4, of: \.rows, locate: AppState<S>.rows(at:), action: AppAction.row) == nil)
    }
  }
}

/// The slot a row store publishes for its thread is a hint for the next lookup
/// by id (`IdentifiedArray.slot(of:)`): lookups of other ids, in the same or
/// another collection, and after a removal moved rows, must find what a lookup
/// by id finds.
@Suite("Row slot hint")
struct RowSlotHintTests {
  @Test(arguments: StrategyCase.withRefinements)
  func lookupsAfterARowStoreRead_findTheRowOfTheirID(_ strategy: StrategyCase) async {
    await lookups(strategy.type)
  }

  private func lookups<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: 8)
      let other = S.makeStore(rows: 3)
      let row = store.scope(row: 6, of: \.rows, locate: AppState<S>.rows(at:), action: AppAction.row)!
      #expect(row.value == 0)  // publishes row 6's slot
      store.send(.row(2, .increment))  // another id: its own slot
      #expect(store.rows[id: 2]?.value == 1)
      #expect(store.rows[id: 6]?.value == 0)
      _ = row.value
      other.send(.row(1, .increment))  // another collection, fewer slots
      #expect(other.rows[id: 1]?.value == 1)
      #expect(other.rows.elements.map(\.value) == [0, 1, 0])
      // Removing row 1 moves the last row (7) into its slot.
      store.send(.removeRow(1))
      _ = row.value
      store.send(.row(7, .increment))
      row.send(.increment)
      #expect(store.rows[id: 7]?.value == 1)
      #expect(store.rows[id: 6]?.value == 1)
      #expect(store.rows.elements.map(\.id) == [0, 2, 3, 4, 5, 6, 7])
      #expect(store.rows.elements.map(\.value) == [0, 1, 0, 0, 0, 1, 1])
    }
  }
}
