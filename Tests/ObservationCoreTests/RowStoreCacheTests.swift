import CoreModels
@testable import ObservationCore
import Testing

/// The row store cache of a collection: a row scoped again gets its cached
/// store, and the stores of deleted rows do not pile up however many rows
/// come and go (an app's list adding and deleting rows for a session).
@Suite("Row store cache")
struct RowStoreCacheTests {
  private final class WeakStore {
    weak var store: AnyObject?
    init(_ store: AnyObject) { self.store = store }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func addAndDeleteChurn_keepsFewDeletedRowsStoresAlive(_ strategy: StrategyCase) async {
    await churn(strategy.type, located: false)
    await churn(strategy.type, located: true)
  }

  private func churn<S: ObservationStrategy>(_: S.Type, located: Bool) async {
    await S.isolated {
      let store = Store(initialState: ListState<S>(rows: [RowState(id: -1)]), reducer: listReducer)
      let rowsPath = \ListState<S>.rows
      var deleted: [WeakStore] = []
      for id in 0..<10_000 {
        store.send(.appendRows([RowState(id: id, value: id)]))
        let row =
          located
          ? store.scope(row: id, of: .locate(rowsPath, ListState<S>.rows(at:)), action: ListAction.row)!
          : store.scope(row: id, of: .get(rowsPath, { $0.rows }), action: ListAction.row)!
        #expect(row.value == id)
        deleted.append(WeakStore(row))
        store.send(.remove(id))
      }
      // The cache sweeps when it holds 16 stores: at most 16 of the 10 000
      // deleted rows' stores are alive, whatever the strategy.
      let alive = deleted.filter { $0.store != nil }.count
      #expect(alive <= 16, "\(alive) of 10 000 deleted rows' stores alive")
      // The row that stayed keeps its store.
      let kept = store.scope(row: -1, of: .get(rowsPath, { $0.rows }), action: ListAction.row)
      #expect(kept === store.scope(row: -1, of: .get(rowsPath, { $0.rows }), action: ListAction.row))
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func aSweep_keepsTheStoresOfRowsStillPresent(_ strategy: StrategyCase) async {
    await keeps(strategy.type)
  }

  private func keeps<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = Store(initialState: ListState<S>(rows: (0..<40).map { RowState(id: $0) }), reducer: listReducer)
      let rowsPath = \ListState<S>.rows
      let scope = { (id: Int) in store.scope(row: id, of: .get(rowsPath, { $0.rows }), action: ListAction.row)! }
      let first = (0..<40).map(scope)
      // Half the rows go; scoping new ones passes the sweep size.
      for id in stride(from: 0, to: 40, by: 2) { store.send(.remove(id)) }
      store.send(.appendRows((40..<80).map { RowState(id: $0) }))
      for id in 40..<80 { _ = scope(id) }
      for id in stride(from: 1, to: 40, by: 2) { #expect(scope(id) === first[id], "row \(id) kept its store") }
      for id in stride(from: 0, to: 40, by: 2) { #expect(!first[id].isPresent) }
    }
  }

  /// A row that comes back gets a present store; the store it had is that
  /// store, revived, only when nothing but the cache held it, and a store
  /// anyone held stays ended, its sends dropped.
  @Test(arguments: StrategyCase.withRefinements)
  func aRowThatComesBack_getsAPresentStore_revivedOnlyIfNobodyHeldIt(_ strategy: StrategyCase) async {
    await comesBack(strategy.type, located: false)
    await comesBack(strategy.type, located: true)
  }

  private func comesBack<S: ObservationStrategy>(_: S.Type, located: Bool) async {
    await S.isolated {
      let store = Store(
        initialState: ListState<S>(rows: (0..<3).map { RowState(id: $0, value: $0 * 10) }), reducer: listReducer)
      let rowsPath = \ListState<S>.rows
      let scope = { (id: Int) in
        located
          ? store.scope(row: id, of: .locate(rowsPath, ListState<S>.rows(at:)), action: ListAction.row)
          : store.scope(row: id, of: .get(rowsPath, { $0.rows }), action: ListAction.row)
      }
      let (one, two) = store.read { ($0.rows[id: 1]!, $0.rows[id: 2]!) }

      // Row 1's store, let go of once its row is gone: revived when it is back.
      var first: ObjectIdentifier
      do {
        let row = scope(1)!
        first = ObjectIdentifier(row)
        store.send(.remove(1))
        #expect(!row.isPresent)
      }
      store.send(.insert(one, at: 1))
      let back = scope(1)!
      #expect(ObjectIdentifier(back) == first, "a store nobody held is revived for its row")
      #expect(back.isPresent)
      #expect(back.value == 10)
      let fired = Count()
      let token = S.observe({ _ = back.value }, onChange: { fired.bump() })
      back.send(.increment)
      #expect(back.value == 11)
      #expect(store.read { $0.rows[id: 1]!.value } == 11)
      #expect(fired.value == 1)
      token.cancel()

      // Row 2's store, still held when its row comes back: ended for good
      // once it found its row gone.
      let held = scope(2)!
      store.send(.remove(2))
      #expect(!held.isPresent)
      store.send(.insert(two, at: 2))
      let fresh = scope(2)!
      #expect(fresh !== held)
      #expect(!held.isPresent)
      held.send(.increment)
      #expect(store.read { $0.rows[id: 2]!.value } == 20, "an ended store's send is dropped")
      fresh.send(.increment)
      #expect(fresh.value == 21)
      #expect(held.value == 20, "an ended store reads its last row")
    }
  }

  @Test func removingAStore_keepsEveryOtherFoundByItsId() {
    final class Token {}
    let cache = RowStoreCache<Int>()
    let tokens = (0..<5).map { _ in Token() }
    for (id, token) in tokens.enumerated() { cache.insert(token, for: id * 10) { _ in true } }
    cache.remove(10)
    cache.remove(40)
    cache.remove(99)
    #expect(cache.store(for: 10) == nil)
    #expect(cache.store(for: 40) == nil)
    for id in [0, 2, 3] { #expect(cache.store(for: id * 10) === tokens[id]) }
    // Replacing a cached store keeps one entry per id.
    cache.insert(tokens[4], for: 0) { _ in true }
    #expect(cache.store(for: 0) === tokens[4])
    #expect(cache.stores.count == 3)
  }
}
