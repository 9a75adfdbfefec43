import ObservationCore
import Testing

import CoreModels

/// `scope(rows:action:)`: the row stores of a collection in its order,
/// the way a list view iterates them.
@Suite("Row stores")
struct RowStoresTests {
  @Test(arguments: StrategyCase.withRefinements)
  func rowStores_iterated_areTheRowsInOrderAndTheSameStoresEachTime(_ strategy: StrategyCase) async {
    await inOrder(strategy.type)
  }

  private func inOrder<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: 4)
      store.send(.moveRow(3, to: 0))
      let rows = store.scope(rows: .locate(\.rows, AppState<S>.rows(at:)), action: AppAction.row)
      #expect(rows.ids == [3, 0, 1, 2])
      #expect(rows.map(\.id) == [3, 0, 1, 2])
      #expect(zip(rows, rows).allSatisfy { $0 === $1 })
      let again = store.scope(rows: .locate(\.rows, AppState<S>.rows(at:)), action: AppAction.row)
      #expect(zip(rows, again).allSatisfy { $0 === $1 })
      #expect(rows[1] === store.scope(row: 0, of: .locate(\.rows, AppState<S>.rows(at:)), action: AppAction.row))
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func rowStores_sendThroughARow_changesThatRowAndTellsItsObserver(_ strategy: StrategyCase) async {
    await send(strategy.type)
  }

  private func send<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: 3)
      let rows = store.scope(rows: .locate(\.rows, AppState<S>.rows(at:)), action: AppAction.row)
      let second = rows[1]
      let seen = watch(S.self) { _ = second.value }
      second.send(.increment)
      #expect(store.rows[id: 1]?.value == 1)
      #expect(store.rows[id: 0]?.value == 0)
      #expect(seen.value == 1)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func rowStores_read_isAReadOfTheStructure(_ strategy: StrategyCase) async {
    await structure(strategy.type)
  }

  private func structure<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: 3)
      let list = watch(S.self) {
        _ = store.scope(rows: .locate(\.rows, AppState<S>.rows(at:)), action: AppAction.row)
      }
      store.send(.insertRow(7))
      #expect(list.value == 1)
      let after = store.scope(rows: .locate(\.rows, AppState<S>.rows(at:)), action: AppAction.row)
      #expect(after.ids == [7, 0, 1, 2])
    }
  }
}
