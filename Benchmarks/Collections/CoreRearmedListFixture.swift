import BenchmarkKit
import CoreModels
import ObservationCore

/// ``CoreListFixture`` observed like for like with ``AppleListFixture``: every
/// row observer and the structure observer re-arm a one-shot scope in their
/// `onChange` (``CoreRearmedObservation``) instead of observing persistently.
///
/// With `rowsComeAndGo`, rows come and go as under a `ForEach`: a row store ends
/// with its row, so a row observer that fires and finds its row gone drops its
/// re-armed scope (its view is gone), and the structure observer, re-rendering
/// the list, arms a row observer on a fresh row store for each such row that is
/// back. A row view that goes lets go of its row store, as a `ForEach` drops
/// the view, so the store of a row that comes back is the one the row had,
/// revived (``Store/scope(row:of:action:)``). Apple's row objects outlive their
/// removal, and so do its row observers: there the rule has nothing to do. Without it (rows that stay, as
/// in update-row-rearm) a re-arm asks nothing more than apple's.
///
/// Create and change it in the strategy's isolation, from one thread at a time
/// (its `onChange`s run there and re-arm). Like apple's, its armed scopes have
/// no cancel: they end with the store.
final class CoreRearmedListFixture<S: ObservationStrategy>: @unchecked Sendable {
  typealias ListStore = Store<ListState<S>, ListAction<RowState<S>>>
  typealias RowStore = Store<RowState<S>, RowAction>

  /// The root store.
  let store: ListStore
  /// The row views: what a `ForEach` keeps per row. Used from one thread at
  /// a time (see the type's note), so without a run-time exclusivity check:
  /// one cost about 100 instructions, four per row that goes and comes back,
  /// which is the fixture's bookkeeping, not the store's.
  @exclusivity(unchecked) private var views: RowViews
  /// Counts every observer's calls.
  let tally = Tally()

  /// Row `i`'s view, and the rows whose views are gone: one value, so that a
  /// view's going is one access to the fixture.
  private struct RowViews {
    /// Row `i`'s store, for rows that stay (without `rowsComeAndGo`).
    var stores: [RowStore] = []
    /// Row `i`'s view, with `rowsComeAndGo`: its observer, holding the row's
    /// latest store while the row is there. Made once, and armed again on the
    /// row's latest store when the row comes back: it stands for the view's
    /// glue (what SwiftUI's view graph keeps per row), not for anything the
    /// store asks. A new one per returning row was an allocation and a free
    /// per row that goes and comes back, and the store kept apart from it
    /// one more line of memory to reach per row, charged to the core's side
    /// alone, since apple's rows never go.
    var observers: [RowObserver] = []
    /// Rows whose observer found them gone, for the structure observer to
    /// observe again once they are back.
    var detached: [Int] = []
    /// Where the ids still gone are gathered on a re-render; swapped with
    /// `detached`, so that neither array grows anew on every removal.
    var spare: [Int] = []

    /// Moves the waiting ids to `spare` and leaves `detached` empty, in
    /// `spare`'s old storage, to gather the ids still gone.
    mutating func startReturning() {
      swap(&detached, &spare)
    }
  }
  /// The way to the rows, made once, as a list view holds it: one key path
  /// for every row (a literal in generic code is instantiated at run time on
  /// every evaluation, tens of thousands of instructions each), and one path
  /// (one built per returning row took ten retains and fourteen releases of
  /// its key path and closure each time).
  private let rowsWay: ChildPath<ListState<S>, IdentifiedArray<RowState<S>>>

  /// Whether a row observer checks, after re-arming, that its row is still there.
  private let rowsComeAndGo: Bool

  /// A store of rows `0..<count`, each observed through its row store, and its
  /// structure observed; `rowsComeAndGo` for workloads that remove rows.
  init(rows count: Int, rowsComeAndGo: Bool = false) {
    self.rowsComeAndGo = rowsComeAndGo
    let store = Store(initialState: ListState(rows: (0..<count).map { RowState<S>(id: $0) }), reducer: listReducer)
    self.store = store
    let rowsWay = ChildPath.locate(\ListState<S>.rows, ListState<S>.rows(at:))
    self.rowsWay = rowsWay
    views = RowViews()
    let stores = (0..<count).map { store.scope(row: $0, of: rowsWay, action: ListAction.row)! }
    if rowsComeAndGo {
      views.observers = stores.enumerated().map { RowObserver(store: $0.element, fixture: self, id: $0.offset) }
    } else {
      views.stores = stores
    }
    for id in 0..<count { observeRow(id) }
    // What a ForEach reads: the ids, through `rows`; its re-render brings back
    // the views of rows that returned.
    let tally = self.tally
    CoreRearmedObservation.observe(
      S.self, { [unowned(unsafe) store] in _ = store.read { $0.rows.ids } },
      onChange: { [unowned(unsafe) self] in
        tally.bump()
        if !self.views.detached.isEmpty { self.observeReturnedRows() }
      })
  }

  /// The store row `id`'s view holds and sends through.
  func rowStore(_ id: Int) -> RowStore {
    rowsComeAndGo ? views.observers[id].store! : views.stores[id]
  }

  /// The row's state value, which keeps its identity (its registrar) when it is
  /// put back later. Read outside any scope, so nothing observes it.
  func rowState(_ id: Int) -> RowState<S> {
    store.read { $0.rows[id: id]! }
  }

  /// Arms row `id`'s observer on its current row store.
  ///
  /// `read` rather than dynamic members: a key path literal in generic code is
  /// instantiated at run time on every re-arm (see reads/store-member).
  private func observeRow(_ id: Int) {
    guard rowsComeAndGo else {
      let row = views.stores[id]
      let tally = self.tally
      CoreRearmedObservation.observe(
        S.self, { [unowned(unsafe) row] in _ = row.read { $0.value } }, onChange: { tally.bump() })
      return
    }
    CoreRearmedObservation.observe(S.self, views.observers[id])
  }

  /// Row `id`'s view observing its row store's value; once its row left, it
  /// stops and waits for the structure's re-render to bring the row back.
  private final class RowObserver: EndingObserver, @unchecked Sendable {
    /// The row's latest store, held as its view holds it while the row is
    /// there; let go when the row ended (its parent's cache holds it then).
    /// Set before each arming, never while armed.
    var store: RowStore?
    // The fixture outlives its observers.
    unowned(unsafe) let fixture: CoreRearmedListFixture
    let id: Int

    init(store: RowStore, fixture: CoreRearmedListFixture, id: Int) {
      self.store = store
      self.fixture = fixture
      self.id = id
    }

    func read() { _ = store.unsafelyUnwrapped.read { $0.value } }
    func changed() { fixture.tally.bump() }
    var isLive: Bool { store.unsafelyUnwrapped.isPresent }
    func ended() {
      store = nil
      fixture.views.detached.append(id)
    }
  }

  /// Observes, each on a new row store, the detached rows that are back: a
  /// ForEach's re-render gives a view to each listed row that has none. The
  /// rows still gone (all of them, on the re-render after a removal) are
  /// found so by one look in the collection each, not by scoping a store.
  private func observeReturnedRows() {
    let waiting = views.detached
    // The collection read once: each `state.rows` is a read of the field and
    // a copy of the collection (a retain and a release).
    let isBack = store.read { state in
      let rows = state.rows
      return waiting.map { rows.contains(id: $0) }
    }
    guard isBack.contains(true) else { return }
    views.startReturning()
    for (id, back) in zip(waiting, isBack) {
      guard back, let row = store.scope(row: id, of: rowsWay, action: ListAction.row)
      else {
        views.detached.append(id)
        continue
      }
      let view = views.observers[id]
      view.store = row
      CoreRearmedObservation.observe(S.self, view)
    }
    views.spare.removeAll(keepingCapacity: true)
  }
}
