import BenchmarkKit
import CoreModels
import ObservationCore

extension Reported {
  // js-framework-benchmark's bulk list operations, on a list screen whose
  // ForEach diffs by id and whose rows each render in their own scope
  // (``CoreListScreen``, ``AppleListScreen``); every send is followed by the
  // re-renders of the scopes that fired. Counted: row renders. Each operation
  // makes its new rows (states, objects or plain values) inside the loop, as
  // the benchmark's do. Its partial update is ``partialUpdate``; its swap and
  // remove-one are `collections/move` and `collections/remove`.

  /// Creating n rows in an empty list, then clearing it.
  static var createClear: BenchmarkScenario {
    BenchmarkScenario(
      name: "create-clear",
      summary:
        "js-framework-benchmark create rows and clear: one send setting n new rows on an empty list, one clearing "
          + "it, each re-rendered; counted: row renders (n everywhere)",
      sizes: [1_000],
      quickSizes: [100],
      strategies: StrategyIDs.stores
    ) { id, size in
      try listOperation(id, rows: size, .createClear)
    }
  }

  /// Replacing all n rows with n new ones.
  static var replaceRows: BenchmarkScenario {
    BenchmarkScenario(
      name: "replace-rows",
      summary:
        "js-framework-benchmark replace all rows: one send replacing n rows with n new ones (new ids), re-rendered; "
          + "counted: row renders (n everywhere)",
      sizes: [1_000],
      quickSizes: [100],
      strategies: StrategyIDs.stores
    ) { id, size in
      try listOperation(id, rows: size, .replace)
    }
  }

  /// Appending n rows to n, then removing them.
  static var appendRows: BenchmarkScenario {
    BenchmarkScenario(
      name: "append-rows",
      summary:
        "js-framework-benchmark append rows: one send appending n new rows to n, one setting the first n back, each "
          + "re-rendered; counted: row renders (apple, +identity n; keypath, whole 3n)",
      sizes: [1_000],
      quickSizes: [100],
      strategies: StrategyIDs.stores
    ) { id, size in
      try listOperation(id, rows: size, .append)
    }
  }

  /// The bulk operations, each a fixed unit of work that leaves the list as it
  /// found it (or, for replace, the same size with the other set of ids).
  enum ListOperation {
    case createClear, replace, append
  }

  /// Row renders of one `operation` on `rows` rows under `S`.
  static func rowRenders<S: ObservationStrategy>(_: S.Type, _ operation: ListOperation, rows n: Int) -> Double {
    switch operation {
    // The new rows render once; removed rows' scopes fire but are no longer listed.
    case .createClear, .replace: return Double(n)
    // With identity skipping the kept rows keep their identity: the n new rows
    // render. Otherwise the n kept rows re-render on the append (each read the
    // root's `rows`) and again on the removal: 3n.
    case .append: return S.isIdentity ? Double(n) : Double(3 * n)
    }
  }

  private static func listOperation(_ id: String, rows: Int, _ operation: ListOperation) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try ListOperationWorkload(rows: rows, operation: operation).prepare(id: id)
    case .apple: return listOperationApple(rows: rows, operation)
    case .none: return listOperationPlain(rows: rows, operation)
    }
  }

  private static func listOperation<S: ObservationStrategy>(
    _: S.Type, rows: Int, _ operation: ListOperation
  ) -> PreparedCase {
    // Kept for the append's way back: the same states, so the same identities.
    let (screen, initial) = S.inIsolation {
      let initial = operation == .createClear ? [] : (0..<rows).map { RowState<S>(id: $0) }
      return (CoreListScreen<S>(rows: initial, capacity: 2 * rows), initial)
    }
    let phase = Cursor()
    let run: (Int) -> Void
    switch operation {
    case .createClear:
      run = { iterations in
        for _ in 0..<iterations {
          screen.send(.setRows((0..<rows).map { RowState<S>(id: $0) }))
          screen.send(.setRows([]))
        }
      }
    case .replace:
      run = { iterations in
        var base = phase.value
        for _ in 0..<iterations {
          base = base == 0 ? rows : 0
          let first = base
          screen.send(.setRows((0..<rows).map { RowState<S>(id: first + $0) }))
        }
        phase.value = base
      }
    case .append:
      run = { iterations in
        for _ in 0..<iterations {
          screen.send(.appendRows((rows..<(2 * rows)).map { RowState<S>(id: $0) }))
          screen.send(.setRows(initial))
        }
      }
    }
    return .core(
      S.self, run: run, notifications: S.isStoreFloor ? nil : { screen.rowRenders },
      expected: rowRenders(S.self, operation, rows: rows),
      tearDown: { screen.cancel() })
  }

  private static func listOperationApple(rows: Int, _ operation: ListOperation) -> PreparedCase {
    let initial = operation == .createClear ? [] : (0..<rows).map { AppleRow(id: $0) }
    let screen = AppleListScreen(rows: initial, capacity: 2 * rows)
    let phase = Cursor()
    let run: (Int) -> Void
    switch operation {
    case .createClear:
      run = { iterations in
        for _ in 0..<iterations {
          screen.change { $0.rows = (0..<rows).map { AppleRow(id: $0) } }
          screen.change { $0.rows.removeAll() }
        }
      }
    case .replace:
      run = { iterations in
        var base = phase.value
        for _ in 0..<iterations {
          base = base == 0 ? rows : 0
          let first = base
          screen.change { $0.rows = (0..<rows).map { AppleRow(id: first + $0) } }
        }
        phase.value = base
      }
    case .append:
      run = { iterations in
        for _ in 0..<iterations {
          screen.change { $0.rows.append(contentsOf: (rows..<(2 * rows)).map { AppleRow(id: $0) }) }
          screen.change { $0.rows.removeLast(rows) }
        }
      }
    }
    // The new row objects render once; no kept object changed.
    return PreparedCase(
      run: run, notifications: { screen.rowRenders }, expectedNotificationsPerOperation: Double(rows))
  }

  private static func listOperationPlain(rows: Int, _ operation: ListOperation) -> PreparedCase {
    let initial = operation == .createClear ? [] : (0..<rows).map { PlainRow(id: $0) }
    let screen = PlainListScreen(rows: initial, capacity: 2 * rows)
    let phase = Cursor()
    switch operation {
    case .createClear:
      return PreparedCase(run: { iterations in
        for _ in 0..<iterations {
          screen.send(.setRows((0..<rows).map { PlainRow(id: $0) }))
          screen.send(.setRows([]))
        }
      })
    case .replace:
      return PreparedCase(run: { iterations in
        var base = phase.value
        for _ in 0..<iterations {
          base = base == 0 ? rows : 0
          let first = base
          screen.send(.setRows((0..<rows).map { PlainRow(id: first + $0) }))
        }
        phase.value = base
      })
    case .append:
      return PreparedCase(run: { iterations in
        for _ in 0..<iterations {
          screen.send(.appendRows((rows..<(2 * rows)).map { PlainRow(id: $0) }))
          screen.send(.setRows(initial))
        }
      })
    }
  }

  /// ``listOperation`` as a ``CoreWorkload``, specialised per strategy.
  private struct ListOperationWorkload: CoreWorkload {
    let rows: Int
    let operation: ListOperation
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reported.listOperation(S.self, rows: rows, operation)
    }
  }
}
