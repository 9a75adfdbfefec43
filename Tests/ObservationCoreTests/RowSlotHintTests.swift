import ObservationCore
import Testing

import CoreModels

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
      let row = store.scope(row: 6, of: .locate(\.rows, AppState<S>.rows(at:)), action: AppAction.row)!
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
