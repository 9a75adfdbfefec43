import ObservationCore

/// ``CoreListFixture`` observed like for like with ``AppleListFixture``: every
/// row observer and the structure observer re-arm a one-shot scope in their
/// `onChange` (``CoreRearmedObservation``) instead of observing persistently.
///
/// Create and change it in the strategy's isolation. Like apple's, its armed
/// scopes have no cancel: they end with the store.
final class CoreRearmedListFixture<S: ObservationStrategy> {
  typealias ListStore = Store<ListState<S>, ListAction<RowState<S>>>
  typealias RowStore = Store<RowState<S>, RowAction>

  /// The root store.
  let store: ListStore
  /// Row `i`'s store, as its row view holds it.
  let rows: [RowStore]
  /// Counts every observer's calls.
  let tally = Tally()

  /// A store of rows `0..<count`, each observed through its row store, and its
  /// structure observed.
  init(rows count: Int) {
    let store = Store(initialState: ListState(rows: (0..<count).map { RowState<S>(id: $0) }), reducer: listReducer)
    self.store = store
    // One key path for every row: a literal in generic code is instantiated at
    // run time on every evaluation (tens of thousands of instructions each).
    let rowsPath = \ListState<S>.rows
    rows = (0..<count).map { store.scope(row: $0, of: rowsPath, get: { $0.rows }, action: ListAction.row)! }
    let tally = self.tally
    // `read` rather than dynamic members: a key path literal in generic code is
    // instantiated at run time on every re-arm (see reads/store-member).
    for row in rows {
      CoreRearmedObservation.observe(
        S.self, { [unowned(unsafe) row] in _ = row.read { $0.value } }, onChange: { tally.bump() })
    }
    // What a ForEach reads: the ids, through `rows`.
    CoreRearmedObservation.observe(
      S.self, { [unowned(unsafe) store] in _ = store.read { $0.rows.ids } }, onChange: { tally.bump() })
  }
}
