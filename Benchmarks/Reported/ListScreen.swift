import BenchmarkKit
import CoreModels
import Observation
import ObservationCore

/// A list screen of the core as SwiftUI renders one, for rows that come and go:
/// a `ForEach` scope reading the ids, one render scope per row reading its row
/// through its row store, and after each send the re-renders of every scope
/// that fired (TCA issue 2972, js-framework-benchmark's list operations).
///
/// The `ForEach` diffs by id: a listed id it does not show gets a row store and
/// a first render, a shown id no longer listed has its scope cancelled, and a
/// fired row is re-rendered only while it is listed. ``rowRenders`` counts every
/// row body run after set-up. Create, change and cancel it in the strategy's
/// isolation.
final class CoreListScreen<S: ObservationStrategy> {
  typealias RowStore = Store<RowState<S>, RowAction>

  /// A row the `ForEach` shows: its store, its armed scope, and the list render
  /// that last found it listed.
  private struct Shown {
    let store: RowStore
    var token: ObservationToken?
    var seen: Int
  }

  /// The root store.
  let store: Store<ListState<S>, ListAction<RowState<S>>>
  /// Row bodies run since set-up.
  private(set) var rowRenders = 0
  private let rowQueue: RenderQueue
  private let listQueue = RenderQueue(rows: 1)
  private var shown: [Int: Shown] = [:]
  private var gone: [Int] = []
  private var listToken: ObservationToken?
  private var generation = 0
  /// The rows' key path, instantiated once (a literal in generic code is
  /// instantiated at run time on every evaluation).
  private let rowsPath = \ListState<S>.rows

  /// A screen of `rows`, each rendered once, with room for `capacity` rows.
  init(rows: [RowState<S>], capacity: Int) {
    store = Store(initialState: ListState(rows: rows), reducer: listReducer)
    rowQueue = RenderQueue(rows: 2 * capacity + 1)
    shown.reserveCapacity(capacity)
    gone.reserveCapacity(capacity)
    renderList()
    rowRenders = 0
  }

  /// Sends `action`, then re-renders what fired.
  ///
  /// Under the store floor nothing fires: like ``PlainListScreen``, it renders
  /// the list after every send (its diff makes and renders the rows it did not
  /// show, and ends the rest), so that a strategy's time above the floor is
  /// its observation's alone, not the renders and row stores `none` pays too.
  @inline(__always)
  func send(_ action: ListAction<RowState<S>>) {
    store.send(action)
    if S.isStoreFloor {
      renderList()
      return
    }
    listQueue.drain { _ in renderList() }
    rowQueue.drain { id in
      if shown[id] != nil { renderRow(id) }
    }
  }

  private func renderList() {
    let store = self.store
    let listQueue = self.listQueue
    // What a ForEach reads: the ids, through `rows`.
    let tracking = S.withTracking({ store.read { $0.rows.ids } }, onChange: { listQueue.push(0) })
    listToken = tracking.token
    generation &+= 1
    for id in tracking.value {
      if shown[id] != nil {
        shown[id]!.seen = generation
      } else {
        // Found in place: a row store's reads and sends then copy neither the
        // collection nor the state holding it (a getter returns both by value).
        let row = store.scope(row: id, of: .locate(rowsPath, ListState<S>.rows(at:)), action: ListAction.row)!
        shown[id] = Shown(store: row, token: nil, seen: generation)
        renderRow(id)
      }
    }
    for (id, row) in shown where row.seen != generation { gone.append(id) }
    for id in gone { shown.removeValue(forKey: id)?.token?.cancel() }
    gone.removeAll(keepingCapacity: true)
  }

  private func renderRow(_ id: Int) {
    let rowQueue = self.rowQueue
    let row = shown[id]!.store
    shown[id]!.token = S.withTracking({ blackHole(row.read { $0.value }) }, onChange: { rowQueue.push(id) }).token
    rowRenders &+= 1
  }

  /// Cancels every scope still armed.
  func cancel() {
    listToken?.cancel()
    for row in shown.values { row.token?.cancel() }
  }
}

/// ``CoreListScreen`` on Swift's `Observation` module: an observed array of
/// `@Observable` row objects, a `ForEach` scope reading it and one scope per row
/// reading its own object, each re-armed after it fires, diffed by id.
///
/// Apple has no cancel: a removed row's scope ends with its object.
final class AppleListScreen {
  /// A row the `ForEach` shows, and the list render that last found it listed.
  private struct Shown {
    let row: AppleRow
    var seen: Int
  }

  /// The list.
  let list: AppleList
  /// Row bodies run since set-up.
  private(set) var rowRenders = 0
  private let rowQueue: RenderQueue
  private let listQueue = RenderQueue(rows: 1)
  private var shown: [Int: Shown] = [:]
  private var gone: [Int] = []
  private var generation = 0

  /// A screen of `rows`, each rendered once, with room for `capacity` rows.
  init(rows: [AppleRow], capacity: Int) {
    list = AppleList(rows: rows)
    rowQueue = RenderQueue(rows: 2 * capacity + 1)
    shown.reserveCapacity(capacity)
    gone.reserveCapacity(capacity)
    renderList()
    rowRenders = 0
  }

  /// Changes the list with `change`, then re-renders what fired.
  @inline(__always)
  func change(_ change: (AppleList) -> Void) {
    change(list)
    listQueue.drain { _ in renderList() }
    rowQueue.drain { id in
      if shown[id] != nil { renderRow(id) }
    }
  }

  private func renderList() {
    let list = self.list
    let listQueue = self.listQueue
    let rows = withObservationTracking({ list.rows }, onChange: { listQueue.push(0) })
    generation &+= 1
    for row in rows {
      if shown[row.id] != nil {
        shown[row.id]!.seen = generation
      } else {
        shown[row.id] = Shown(row: row, seen: generation)
        renderRow(row.id)
      }
    }
    for (id, row) in shown where row.seen != generation { gone.append(id) }
    for id in gone { shown.removeValue(forKey: id) }
    gone.removeAll(keepingCapacity: true)
  }

  private func renderRow(_ id: Int) {
    let rowQueue = self.rowQueue
    let row = shown[id]!.row
    withObservationTracking({ blackHole(row.value) }, onChange: { rowQueue.push(id) })
    rowRenders &+= 1
  }
}

/// ``CoreListScreen`` with no observation: after each send the `ForEach` diffs
/// the ids the same way and renders the rows it did not show; nothing tells it
/// which kept rows changed, so the floor re-renders none.
final class PlainListScreen {
  /// The store.
  let store: PlainStore<PlainListState, ListAction<PlainRow>>
  /// Row bodies run since set-up.
  private(set) var rowRenders = 0
  /// The list render that last found each shown id listed.
  private var shown: [Int: Int] = [:]
  private var gone: [Int] = []
  private var generation = 0

  /// A screen of `rows`, each rendered once, with room for `capacity` rows.
  init(rows: [PlainRow], capacity: Int) {
    store = PlainStore(initialState: PlainListState(rows: rows), reducer: plainListReducer)
    shown.reserveCapacity(capacity)
    gone.reserveCapacity(capacity)
    renderList()
    rowRenders = 0
  }

  /// Sends `action`, then renders the list.
  @inline(__always)
  func send(_ action: ListAction<PlainRow>) {
    store.send(action)
    renderList()
  }

  private func renderList() {
    generation &+= 1
    store.withState { state in
      for id in state.pointee.ids {
        if shown[id] != nil {
          shown[id] = generation
        } else {
          shown[id] = generation
          blackHole(state.pointee.storage[id]!.value)
          rowRenders &+= 1
        }
      }
    }
    for (id, seen) in shown where seen != generation { gone.append(id) }
    for id in gone { shown.removeValue(forKey: id) }
    gone.removeAll(keepingCapacity: true)
  }
}
