import CoreModels
import ObservationCore

/// A list store of the core with every row observed through its row store and
/// one observer of the structure, all counted by one tally.
///
/// Create, change and cancel it in the strategy's isolation.
final class CoreListFixture<S: ObservationStrategy> {
  typealias ListStore = Store<ListState<S>, ListAction<RowState<S>>>
  typealias RowStore = Store<RowState<S>, RowAction>

  /// The root store.
  let store: ListStore
  /// Counts every observer's calls.
  let tally = Tally()
  private var tokens: [ObservationToken] = []
  /// The rows' key path, instantiated once: a literal in generic code is
  /// instantiated at run time on every evaluation (tens of thousands of
  /// instructions each), which set-up would pay once per row.
  private let rowsPath = \ListState<S>.rows

  /// A store of rows `0..<rows`, each observed, and its structure observed.
  init(rows: Int) {
    store = Store(initialState: ListState(rows: (0..<rows).map { RowState(id: $0) }), reducer: listReducer)
    for id in 0..<rows { observeRow(id) }
    let store = self.store
    let tally = self.tally
    // What a ForEach reads: the ids, through `rows`. Reads take the closure
    // form: a key path literal in generic code (`store.rows`) is instantiated
    // at run time on every evaluation, which an app's concrete state never is.
    tokens.append(S.observe({ _ = store.read { $0.rows.ids } }, onChange: { tally.bump() }))
  }

  /// The row store of `id`, as its row view holds it.
  func rowStore(_ id: Int) -> RowStore {
    store.scope(row: id, of: .get(rowsPath, { $0.rows }), action: ListAction.row)!
  }

  /// The row's state value, which keeps its identity (its registrar) when it is
  /// put back later.
  func rowState(_ id: Int) -> RowState<S> {
    store.rows[id: id]!
  }

  /// Observes row `id` through its row store, as a row view does.
  func observeRow(_ id: Int) {
    let row = rowStore(id)
    let tally = self.tally
    tokens.append(S.observe({ _ = row.read { $0.value } }, onChange: { tally.bump() }))
  }

  /// Cancels every observation.
  func cancel() {
    for token in tokens { token.cancel() }
    tokens.removeAll()
  }
}
