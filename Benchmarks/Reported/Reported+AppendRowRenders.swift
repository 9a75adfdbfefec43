import BenchmarkKit
import CoreModels
import ObservationCore

extension Reported {
  /// TCA issue 2972: appending a row re-renders every visible row, where
  /// `@Observable` rows render only the new one.
  ///
  /// n rows, each rendered by its own scope through its row store, and a
  /// `ForEach` scope reading the ids (``CoreListScreen``). One operation: one
  /// send appending a row, then one removing it again (so n stays n), each
  /// followed by re-rendering the `ForEach` (its diff by id) and every listed
  /// row whose scope fired. What is counted is row renders: apple and
  /// `+identity` render the new row only (1: every other row kept its identity,
  /// so its scope does not fire); plain `keypath` and `whole` re-render all n
  /// rows on the append (each read the root's `rows`) and again on the removal,
  /// plus the new row: 2n + 1. `none` diffs the ids alike and renders the new row.
  static var appendRowRenders: BenchmarkScenario {
    BenchmarkScenario(
      name: "append-row-renders",
      summary:
        "TCA issue 2972: one send appending a row to n rows and one removing it, each followed by re-rendering the "
          + "scopes that fired; counted: row renders (apple, +identity: 1; keypath, whole: 2n + 1)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try AppendRowRenders(rows: size).prepare(id: id)
      case .apple: return appendRowRendersApple(rows: size)
      case .none: return appendRowRendersPlain(rows: size)
      }
    }
  }

  /// Row renders of one append and one removal at the end of `rows` rows under `S`.
  static func rowRendersByAppendAndRemove<S: ObservationStrategy>(_: S.Type, rows n: Int) -> Double {
    // With identity skipping the rows kept their identity, so `rows` is not
    // noted for them: only the ForEach fires, and renders the new row; on the
    // removal the removed row's scope fires but it is no longer listed.
    if S.isIdentity { return 1 }
    // Plain keypath: `rows` changed as a value, and every row scope read it on
    // its way to its row; whole: every scope of the store tree fires.
    return Double(2 * n + 1)
  }

  private static func appendRowRenders<S: ObservationStrategy>(_: S.Type, rows: Int) -> PreparedCase {
    let screen = S.inIsolation {
      CoreListScreen<S>(rows: (0..<rows).map { RowState<S>(id: $0) }, capacity: rows + 1)
    }
    return .core(
      S.self,
      run: { iterations in
        for _ in 0..<iterations {
          screen.send(.insert(RowState(id: rows), at: rows))
          screen.send(.remove(rows))
        }
      },
      notifications: S.isStoreFloor ? nil : { screen.rowRenders },
      expected: rowRendersByAppendAndRemove(S.self, rows: rows),
      tearDown: { screen.cancel() })
  }

  private static func appendRowRendersApple(rows: Int) -> PreparedCase {
    let screen = AppleListScreen(rows: (0..<rows).map { AppleRow(id: $0) }, capacity: rows + 1)
    return PreparedCase(
      run: { iterations in
        for _ in 0..<iterations {
          screen.change { $0.rows.append(AppleRow(id: rows)) }
          screen.change { $0.rows.removeLast() }
        }
      },
      notifications: { screen.rowRenders },
      // The rows are untouched objects: only the new one renders.
      expectedNotificationsPerOperation: 1)
  }

  private static func appendRowRendersPlain(rows: Int) -> PreparedCase {
    let screen = PlainListScreen(rows: (0..<rows).map { PlainRow(id: $0) }, capacity: rows + 1)
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations {
        screen.send(.insert(PlainRow(id: rows), at: rows))
        screen.send(.remove(rows))
      }
    })
  }

  /// ``appendRowRenders`` as a ``CoreWorkload``, specialised per strategy.
  private struct AppendRowRenders: CoreWorkload {
    let rows: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reported.appendRowRenders(S.self, rows: rows)
    }
  }
}
