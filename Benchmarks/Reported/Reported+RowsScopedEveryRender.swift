import BenchmarkKit
import ObservationCore

extension Reported {
  /// TCA issue 3597 (fast scrolling stutters): a list body that scopes a child
  /// store per row by id and reads one field of each, re-run after one row
  /// changed.
  ///
  /// One operation: one row's change (the next row, cycling), then the body's
  /// re-render, which is n row scopes and n reads. The body is one scope that
  /// reads every row, so every strategy and apple fire it once per change
  /// (1 notification); the time is the render's, and per row it is the median
  /// divided by n. `none` sends the change to a plain store and looks each row
  /// up by id, as a body without observation would.
  static var rowsScopedEveryRender: BenchmarkScenario {
    BenchmarkScenario(
      name: "rows-scoped-every-render",
      summary:
        "TCA issue 3597: one row of n changes, then the list body re-renders: a store scoped per row by id, one read "
          + "of each (apple: each @Observable row read); per row = median / n",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try RowsScopedEveryRender(rows: size).prepare(id: id)
      case .apple: return rowsScopedEveryRenderApple(rows: size)
      case .none: return rowsScopedEveryRenderPlain(rows: size)
      }
    }
  }

  private static func rowsScopedEveryRender<S: ObservationStrategy>(_: S.Type, rows: Int) -> PreparedCase {
    let list = S.inIsolation { CoreScopedRowsList<S>(rows: rows) }
    let cursor = Cursor()
    return .core(
      S.self,
      run: { iterations in
        cycle(iterations, rows, cursor) { list.update($0) }
      },
      notifications: { list.queue.notified },
      // The body read the changed row: it fires once, whatever the strategy.
      expected: 1,
      tearDown: { list.cancel() })
  }

  private static func rowsScopedEveryRenderApple(rows: Int) -> PreparedCase {
    let list = AppleScopedRowsList(rows: rows)
    let cursor = Cursor()
    return PreparedCase(
      run: { iterations in
        cycle(iterations, rows, cursor) { list.update($0) }
      },
      notifications: { list.queue.notified },
      expectedNotificationsPerOperation: 1)
  }

  private static func rowsScopedEveryRenderPlain(rows: Int) -> PreparedCase {
    let store = PlainListFixture(rows: rows).store
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      cycle(iterations, rows, cursor) { row in
        store.send(.row(row, .increment))
        store.withState { state in
          for id in state.pointee.ids { blackHole(state.pointee.storage[id]!.value) }
        }
      }
    })
  }

  /// Runs `iterations` operations on rows `0..<rows` in turn, carrying the next
  /// row from one run to the next.
  @inline(__always)
  static func cycle(_ iterations: Int, _ rows: Int, _ cursor: Cursor, _ operation: (Int) -> Void) {
    var row = cursor.value
    for _ in 0..<iterations {
      operation(row)
      row &+= 1
      if row == rows { row = 0 }
    }
    cursor.value = row
  }

  /// ``rowsScopedEveryRender`` as a ``CoreWorkload``, specialised per strategy.
  private struct RowsScopedEveryRender: CoreWorkload {
    let rows: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reported.rowsScopedEveryRender(S.self, rows: rows)
    }
  }
}
