import BenchmarkKit
import CoreModels
import ObservationCore

extension Collections {
  /// A list's filter: the rows whose value is even (half of them), read out of
  /// the collection as a list view reads them before it shows them.
  ///
  /// Untracked: what is measured is the filter over the collection — the
  /// core's `IdentifiedArray` as a collection (`filter` walks its positions,
  /// each a read of the structure and of the row's field) against apple's
  /// array of `@Observable` row objects and a plain array of structs; a tracked
  /// filtered list is `app/todo-session`'s. The rows keep their identity: the
  /// result holds the same rows (the core: copies sharing each row's
  /// registrar; apple: the same objects).
  static var filter: BenchmarkScenario {
    BenchmarkScenario(
      name: "filter",
      summary:
        "The rows with an even value (half of n) filtered out of the collection, untracked: IdentifiedArray's "
        + "filter against apple's array of row objects and none's array of structs",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try Filter(rows: size).prepare(id: id)
      case .apple: return filterApple(rows: size)
      case .none: return filterPlain(rows: size)
      }
    }
  }

  private static func filter<S: ObservationStrategy>(_: S.Type, rows n: Int) -> PreparedCase {
    let store = S.inIsolation {
      Store(initialState: ListState(rows: (0..<n).map { RowState<S>(id: $0, value: $0) }), reducer: listReducer)
    }
    return .core(
      S.self,
      run: { iterations in
        for _ in 0..<iterations {
          blackHole(store.read { $0.rows.filter { $0.value & 1 == 0 } })
        }
      })
  }

  private static func filterApple(rows n: Int) -> PreparedCase {
    let list = AppleList(rows: (0..<n).map { AppleRow(id: $0, value: $0) })
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations {
        blackHole(list.rows.filter { $0.value & 1 == 0 })
      }
    })
  }

  private static func filterPlain(rows n: Int) -> PreparedCase {
    let rows = (0..<n).map { PlainRow(id: $0, value: $0) }
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations {
        blackHole(rows.filter { $0.value & 1 == 0 })
      }
    })
  }

  /// ``filter`` as a ``CoreWorkload``, specialised per strategy.
  private struct Filter: CoreWorkload {
    let rows: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Collections.filter(S.self, rows: rows)
    }
  }
}
