import BenchmarkKit
import ObservationCore

extension Reported {
  /// js-framework-benchmark's "partial update": one state update changing every
  /// 10th row of n, then re-rendering the rows whose scopes fired.
  ///
  /// Every row is shown by its own render scope reading its row through its row
  /// store (the lists of `mutations/render-mutate`). One operation: one send
  /// adding one to every 10th row's value (apple: each such row object
  /// changed), then the re-renders. Counted: row re-renders. Apple and
  /// `+identity` re-render the ⌈n/10⌉ rows changed; plain `keypath` and `whole`
  /// re-render all n (every scope read the root's `rows`, which changed as a
  /// value). `none` sends the update and reads the changed rows back.
  ///
  /// The benchmark's bulk operations are ``createClear``, ``replaceRows`` and
  /// ``appendRows``; swapping two rows and removing one are `collections/move`
  /// and `collections/remove` (the same notifications, with persistent
  /// observers and no re-render).
  static var partialUpdate: BenchmarkScenario {
    BenchmarkScenario(
      name: "partial-update",
      summary:
        "js-framework-benchmark partial update: one send adding 1 to every 10th of n rows, then re-rendering the row "
          + "scopes that fired (re-renders: apple, +identity n/10; keypath, whole n)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try PartialUpdate(rows: size).prepare(id: id)
      case .apple: return partialUpdateApple(rows: size)
      case .none: return partialUpdatePlain(rows: size)
      }
    }
  }

  /// Every how many rows the partial update changes one.
  static let partialUpdateStride = 10

  /// Rows re-rendered by one partial update of `rows` rows under `S`.
  static func rerenderedByPartialUpdate<S: ObservationStrategy>(_: S.Type, rows n: Int) -> Double {
    // The changed rows only, when `rows` keeps its identity; else every row.
    S.isIdentity ? Double(changedByPartialUpdate(rows: n)) : Double(n)
  }

  /// The rows one partial update changes: rows 0, 10, 20… below `rows`.
  static func changedByPartialUpdate(rows: Int) -> Int {
    (rows + partialUpdateStride - 1) / partialUpdateStride
  }

  private static func partialUpdate<S: ObservationStrategy>(_: S.Type, rows: Int) -> PreparedCase {
    let list = S.inIsolation { CoreRenderList<S>(rows: rows) }
    let store = list.store
    let step = partialUpdateStride
    return .core(
      S.self,
      run: { iterations in
        for _ in 0..<iterations {
          store.send(.incrementEvery(stride: step))
          list.queue.drain { list.render($0) }
        }
      },
      notifications: { list.queue.notified },
      expected: rerenderedByPartialUpdate(S.self, rows: rows),
      tearDown: { list.cancel() })
  }

  private static func partialUpdateApple(rows: Int) -> PreparedCase {
    let list = AppleRenderList(rows: rows)
    let step = partialUpdateStride
    return PreparedCase(
      run: { iterations in
        for _ in 0..<iterations {
          for index in stride(from: 0, to: list.rows.count, by: step) { list.rows[index].value += 1 }
          list.queue.drain { list.render($0) }
        }
      },
      notifications: { list.queue.notified },
      expectedNotificationsPerOperation: Double(changedByPartialUpdate(rows: rows)))
  }

  private static func partialUpdatePlain(rows: Int) -> PreparedCase {
    let store = PlainListFixture(rows: rows).store
    let step = partialUpdateStride
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations {
        store.send(.incrementEvery(stride: step))
        store.withState { state in
          for index in stride(from: 0, to: state.pointee.ids.count, by: step) {
            blackHole(state.pointee.storage[state.pointee.ids[index]]!.value)
          }
        }
      }
    })
  }

  /// ``partialUpdate`` as a ``CoreWorkload``, specialised per strategy.
  private struct PartialUpdate: CoreWorkload {
    let rows: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reported.partialUpdate(S.self, rows: rows)
    }
  }
}
