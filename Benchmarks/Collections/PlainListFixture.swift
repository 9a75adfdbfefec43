import CoreModels
import ObservationCore

/// The plain list store: the same state shape and reducer work, no observation.
final class PlainListFixture {
  /// The root store.
  let store: PlainStore<PlainListState, ListAction<PlainRow>>

  /// A store of rows `0..<rows`.
  init(rows: Int) {
    store = PlainStore(
      initialState: PlainListState(rows: (0..<rows).map { PlainRow(id: $0) }), reducer: plainListReducer)
  }

  /// How row `id`'s view sends: wrapped once, as a row store forwards to its root.
  func rowDispatch(_ id: Int) -> (RowAction) -> Void {
    { [store] action in store.send(.row(id, action)) }
  }
}
