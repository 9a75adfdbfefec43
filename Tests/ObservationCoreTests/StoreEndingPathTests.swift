import ObservationCore
import Testing

import CoreModels

/// Row and optional child stores, whichever way their path goes down (a key
/// path projected at run time, a compiled getter, an address found in place):
/// the same store for the same key path, the same state read, the same fields
/// observed, and the same moment of ending.
@Suite("Store ending paths")
struct StoreEndingPathTests {
  static let rowCount = 6

  @Test(arguments: StrategyCase.withRefinements, PathWay.allCases)
  func rowStore_readsSendsAndNotifies_alikeEveryWay(_ strategy: StrategyCase, _ way: PathWay) async {
    await rowsAlike(strategy.type, way)
  }

  private func rowsAlike<S: ObservationStrategy>(_: S.Type, _ way: PathWay) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      let path = way.rows(S.self)
      let row = store.scope(row: 2, of: path, action: AppAction.row)!
      #expect(
        row === store.scope(row: 2, of: .keyPath(\.rows), action: AppAction.row), "the key path and id are its identity"
      )
      let others = (0..<Self.rowCount).filter { $0 != 2 }.map { id in
        let other = store.scope(row: id, of: path, action: AppAction.row)!
        return watch(S.self) { _ = other.value }
      }
      let ofRow = watch(S.self) { _ = row.value }
      // Another row's send first: the row's own send then checks its presence.
      store.send(.row(3, .increment))
      row.send(.increment)
      #expect(ofRow.value == 1)
      // Every reader read `rows` on its way down: all fire but where identity
      // skipping sees the rows keep theirs, and then only row 3's.
      #expect(others.reduce(0) { $0 + $1.value } == (S.isIdentity ? 1 : Self.rowCount - 1))
      #expect(row.value == 1)
      #expect(store.rows[id: 2]?.value == 1)
      #expect(store.rows[id: 3]?.value == 1)
    }
  }

  @Test(arguments: StrategyCase.withRefinements, PathWay.allCases)
  func rowStore_whenItsRowIsRemovedOrReplaced_endsAndDropsSends(_ strategy: StrategyCase, _ way: PathWay) async {
    await removed(strategy.type, way)
  }

  private func removed<S: ObservationStrategy>(_: S.Type, _ way: PathWay) async {
    await S.isolated {
      let store = S.makeStore(rows: Self.rowCount)
      let path = way.rows(S.self)
      let row = store.scope(row: 4, of: path, action: AppAction.row)!
      // Found present by the read; the send right after it takes that answer.
      #expect(row.value == 0)
      row.send(.increment)
      #expect(row.value == 1)
      #expect(row.isPresent)
      // A removal moves the last row into the hole: its store finds it by id.
      let last = store.scope(row: 5, of: path, action: AppAction.row)!
      store.send(.removeRow(4))
      #expect(!row.isPresent)
      row.send(.increment)  // dropped
      #expect(row.value == 1, "an ended store reads its last value")
      #expect(store.rows[id: 4] == nil)
      last.send(.increment)
      #expect(last.value == 1)
      #expect(store.rows[id: 5]?.value == 1)
      // Replaced, with no read or presence check in between: ended.
      let other = store.scope(row: 1, of: path, action: AppAction.row)!
      _ = other.value
      store.send(.replaceRow(1))
      other.send(.increment)  // dropped: the row was replaced
      #expect(store.rows[id: 1]?.value == 100)
      #expect(!other.isPresent)
      #expect(store.scope(row: 4, of: path, action: AppAction.row) == nil)
    }
  }

  @Test(arguments: StrategyCase.withRefinements, PathWay.allCases)
  func optionalStore_whenTheStateBecomesNil_ends(_ strategy: StrategyCase, _ way: PathWay) async {
    await optional(strategy.type, way)
  }

  private func optional<S: ObservationStrategy>(_: S.Type, _ way: PathWay) async {
    await S.isolated {
      let store = S.makeStore()
      let path = way.presented(S.self)
      #expect(store.scope(state: path, action: AppAction.presented) == nil)
      store.send(.present)
      guard let sheet = store.scope(state: path, action: AppAction.presented) else {
        Issue.record("no child store for presented state")
        return
      }
      #expect(store.scope(state: .keyPath(\.presented), action: AppAction.presented) === sheet)
      let ofSheet = watch(S.self) { _ = sheet.count }
      sheet.send(.increment)
      #expect(sheet.count == 1)
      #expect(ofSheet.value == 1)
      #expect(sheet.isPresent)

      store.send(.dismiss)
      #expect(!sheet.isPresent)
      sheet.send(.increment)  // dropped
      #expect(sheet.count == 1, "an ended store reads its last value")
      #expect(store.presented == nil)

      store.send(.present)
      let again = store.scope(state: path, action: AppAction.presented)
      #expect(again != nil && again !== sheet)
      #expect(again?.count == 0)
    }
  }
}
