@testable import Benchmarks
import ObservationCore
import Testing

/// Row and optional child stores scoped with a compiled getter
/// (`scope(row:of:get:action:)`, `scope(state:get:action:)` on an optional): reads
/// and sends call the closures instead of projecting the key path, and must see
/// the same state, observe the same fields and end at the same moment as the key
/// path forms.
@Suite("Store compiled ending paths")
struct StoreCompiledEndingTests {
  static let rowCount = 6

  @Test(arguments: StrategyCase.withRefinements)
  func compiledRow_readsSendsAndNotifiesAsTheKeyPathRowDoes(_ strategy: StrategyCase) async {
    await rowsAlike(strategy.type)
  }

  private func rowsAlike<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      let compiled = store.scope(row: 2, of: \.rows, get: { $0.rows }, action: AppAction.row)!
      let projected = store.scope(row: 2, of: \.rows, action: AppAction.row)!
      #expect(compiled === projected, "the key path and id are the row store's identity")
      let others = (0..<Self.rowCount).filter { $0 != 2 }.map { id in
        let row = store.scope(row: id, of: \.rows, get: { $0.rows }, action: AppAction.row)!
        return watch(S.self) { _ = row.value }
      }
      let ofRow = watch(S.self) { _ = compiled.value }
      compiled.send(.increment)
      #expect(ofRow.value == 1)
      #expect(others.reduce(0) { $0 + $1.value } == (S.isIdentity ? 0 : Self.rowCount - 1))
      #expect(compiled.value == 1)
      #expect(store.rows[id: 2]?.value == 1)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func compiledRow_sendRightAfterARead_isDroppedOnceTheRowWasRemoved(_ strategy: StrategyCase) async {
    await removedAfterRead(strategy.type)
  }

  private func removedAfterRead<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      let row = store.scope(row: 4, of: \.rows, get: { $0.rows }, action: AppAction.row)!
      // Found present by the read; the send right after it takes that answer.
      #expect(row.value == 0)
      row.send(.increment)
      #expect(row.value == 1)
      #expect(row.isPresent)
      // A send in between: the row must be looked up again, and is gone.
      store.send(.removeRow(4))
      #expect(!row.isPresent)
      row.send(.increment)  // dropped
      #expect(row.value == 1, "an ended store reads its last value")
      #expect(store.rows[id: 4] == nil)
      // Removed without a read or presence check in between, then re-added with
      // a new identity: the row store stays ended.
      let other = store.scope(row: 1, of: \.rows, get: { $0.rows }, action: AppAction.row)!
      _ = other.value
      store.send(.replaceRow(1))
      other.send(.increment)  // dropped: the row was replaced
      #expect(store.rows[id: 1]?.value == 100)
      #expect(!other.isPresent)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func compiledOptional_endsWhenTheStateBecomesNil(_ strategy: StrategyCase) async {
    await optional(strategy.type)
  }

  private func optional<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      #expect(store.scope(state: \.presented, get: { $0.presented }, action: AppAction.presented) == nil)
      store.send(.present)
      guard let sheet = store.scope(state: \.presented, get: { $0.presented }, action: AppAction.presented)
      else {
        Issue.record("no child store for presented state")
        return
      }
      #expect(store.scope(state: \.presented, action: AppAction.presented) === sheet)
      let ofSheet = watch(S.self) { _ = sheet.count }
      sheet.send(.increment)
      #expect(sheet.count == 1)
      #expect(ofSheet.value == 1)
      #expect(sheet.isPresent)

      store.send(.dismiss)
      #expect(!sheet.isPresent)
      sheet.send(.increment)  // dropped
      #expect(sheet.count == 1, "an ended store reads its last value")

      store.send(.present)
      let again = store.scope(state: \.presented, get: { $0.presented }, action: AppAction.presented)
      #expect(again != nil && again !== sheet)
      #expect(again?.count == 0)
    }
  }
}
