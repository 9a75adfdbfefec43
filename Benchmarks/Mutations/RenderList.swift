import BenchmarkKit
import CoreModels
import Observation
import ObservationCore

/// A list store of the core whose every row is shown by a render scope: a
/// one-shot tracking scope reading the row through its row store, re-opened
/// after it fires, as a row view re-renders.
///
/// Create, mutate and cancel it in the strategy's isolation.
final class CoreRenderList<S: ObservationStrategy> {
  typealias RowStore = Store<RowState<S>, RowAction>

  /// The root store.
  let store: Store<ListState<S>, ListAction<RowState<S>>>
  /// Row `i`'s store, as its row view holds it.
  let rows: ContiguousArray<RowStore>
  /// The rows whose scopes fired.
  let queue: RenderQueue
  /// Each row's render scope. Not checked for exclusivity at run time, like the
  /// queue's storage: the list's upkeep is not what the update cycle measures.
  @exclusivity(unchecked) private var tokens: ContiguousArray<ObservationToken?>

  /// A list of `count` rows, each rendered once.
  init(rows count: Int) {
    let store = Store(initialState: ListState(rows: (0..<count).map { RowState<S>(id: $0) }), reducer: listReducer)
    self.store = store
    // One key path for every row: a literal in generic code is instantiated at
    // run time on every evaluation (tens of thousands of instructions each).
    let rowsPath = \ListState<S>.rows
    rows = ContiguousArray(
      (0..<count).map { store.scope(row: $0, of: .locate(rowsPath, ListState<S>.rows(at:)), action: ListAction.row)! })
    queue = RenderQueue(rows: count)
    tokens = ContiguousArray(repeating: nil, count: count)
    for row in 0..<count { render(row) }
  }

  /// Renders row `row`: opens a one-shot scope, reads the row's value through
  /// its store, and queues the row when a later change fires the scope.
  @inline(__always)
  func render(_ row: Int) {
    let queue = self.queue
    // `read` rather than the dynamic member: a key path literal in generic code
    // is instantiated at run time (see reads/store-member).
    tokens[row] = S.withTracking({ blackHole(rows[row].read { $0.value }) }, onChange: { queue.push(row) }).token
  }

  /// Sends one change to row `row`, then re-renders every row whose scope fired.
  @inline(__always)
  func update(_ row: Int) {
    rows[row].send(.increment)
    queue.drain { render($0) }
  }

  /// Cancels every render scope still armed.
  func cancel() {
    for token in tokens { token?.cancel() }
  }
}

/// ``CoreRenderList`` on Swift's `Observation` module: row objects, each shown
/// by a `withObservationTracking` scope re-armed after it fires.
///
/// Apple has no cancel: the armed scopes end with their rows.
final class AppleRenderList {
  /// Row `i`'s object, as its row view holds it.
  let rows: ContiguousArray<AppleRow>
  /// The rows whose scopes fired.
  let queue: RenderQueue

  /// A list of `count` rows, each rendered once.
  init(rows count: Int) {
    rows = ContiguousArray((0..<count).map { AppleRow(id: $0) })
    queue = RenderQueue(rows: count)
    for row in 0..<count { render(row) }
  }

  /// Renders row `row` (see ``CoreRenderList/render(_:)``).
  @inline(__always)
  func render(_ row: Int) {
    let queue = self.queue
    withObservationTracking({ blackHole(rows[row].value) }, onChange: { queue.push(row) })
  }

  /// Changes row `row`, then re-renders every row whose scope fired.
  @inline(__always)
  func update(_ row: Int) {
    rows[row].value += 1
    queue.drain { render($0) }
  }
}
