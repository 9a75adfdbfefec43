import BenchmarkKit
import CoreModels
import Observation
import ObservationCore

/// A list screen of the core whose body scopes a store per row, by id, every
/// time it renders, and reads one field of each row through it: the body of
/// TCA issue 3597.
///
/// The body is one one-shot tracking scope (what a view body is), re-run after
/// it fires. Create, update and cancel it in the strategy's isolation.
final class CoreScopedRowsList<S: ObservationStrategy> {
  typealias ListStore = Store<ListState<S>, ListAction<RowState<S>>>

  /// The root store.
  let store: ListStore
  /// The body's firings: one per change it saw.
  let queue = RenderQueue(rows: 1)
  private var token: ObservationToken?
  /// The rows' key path, instantiated once: a literal in generic code is
  /// instantiated at run time on every evaluation, which a body would then pay
  /// once per row.
  private let rowsPath = \ListState<S>.rows

  /// A list of rows `0..<rows`, rendered once.
  init(rows: Int) {
    store = Store(initialState: ListState(rows: (0..<rows).map { RowState(id: $0) }), reducer: listReducer)
    render()
  }

  /// Runs the body in a fresh scope: for each id, the row's store (the cached
  /// one, looked up by path and id, as `store.scope(state: \.rows[id:])` does in
  /// a `ForEach`) and one read of its value.
  func render() {
    let queue = self.queue
    let store = self.store
    let rowsPath = self.rowsPath
    token = S.withTracking(
      {
        // `read` rather than the dynamic member: a key path literal in generic
        // code is instantiated at run time (see reads/store-member).
        for id in store.read({ $0.rows.ids }) {
          let row = store.scope(row: id, of: .get(rowsPath, { $0.rows }), action: ListAction.row)!
          blackHole(row.read { $0.value })
        }
      }, onChange: { queue.push(0) }
    ).token
  }

  /// Sends one change to row `row` from the root, then re-renders the body if
  /// it fired.
  @inline(__always)
  func update(_ row: Int) {
    store.send(.row(row, .increment))
    queue.drain { _ in render() }
  }

  /// Cancels the body's scope.
  func cancel() {
    token?.cancel()
  }
}

/// ``CoreScopedRowsList`` on Swift's `Observation` module: a body over the
/// list's `@Observable` row objects, each row changed on its own object.
///
/// Apple has no cancel: the armed scope ends with the rows.
final class AppleScopedRowsList {
  /// The list, whose `rows` the body reads.
  let list: AppleList
  /// Row `i`'s object, as its row view holds it to change it.
  let rows: ContiguousArray<AppleRow>
  /// The body's firings.
  let queue = RenderQueue(rows: 1)

  /// A list of rows `0..<count`, rendered once.
  init(rows count: Int) {
    let rows = ContiguousArray((0..<count).map { AppleRow(id: $0) })
    self.rows = rows
    list = AppleList(rows: Array(rows))
    render()
  }

  /// Runs the body in a fresh scope: one read of each row object's value.
  func render() {
    let queue = self.queue
    let list = self.list
    withObservationTracking(
      {
        for row in list.rows { blackHole(row.value) }
      }, onChange: { queue.push(0) })
  }

  /// Changes row `row` on its object, then re-renders the body if it fired.
  @inline(__always)
  func update(_ row: Int) {
    rows[row].value += 1
    queue.drain { _ in render() }
  }
}
