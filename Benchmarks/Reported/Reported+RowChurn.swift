import BenchmarkKit
import CoreModels
import ObservationCore

extension Reported {
  /// TCA issue 2846: the stores of rows no longer present stay cached (70
  /// after opening and closing a list ten times). The port of a public example
  /// app onto the core found the same: every deleted row's store kept for the
  /// life of the root store (about 1.4 KB per add-and-delete with
  /// `+identity`). One operation: a new row (a new id) appended and shown — a
  /// row store and a row render, as a `ForEach` makes — then deleted, its
  /// scope cancelled (``CoreListScreen``); apple appends and removes a new row
  /// object (``AppleListScreen``), `none` a plain row.
  static var rowChurn: BenchmarkScenario {
    BenchmarkScenario(
      name: "row-churn",
      summary:
        "TCA issue 2846: an app's add-and-delete, one send appending a new row, shown through its own row store, "
        + "and one deleting it; counted: row renders (1 everywhere); memory kept per cycle checked "
        + "(row-churn-keeps-nothing)",
      strategies: StrategyIDs.stores
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try RowChurn().prepare(id: id)
      case .apple: return rowChurnApple()
      case .none: return rowChurnPlain()
      }
    }
  }

  private static func rowChurn<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let screen = S.inIsolation { CoreListScreen<S>(rows: [], capacity: 1) }
    let next = Cursor()
    return .core(
      S.self,
      run: { iterations in
        var id = next.value
        for _ in 0..<iterations {
          screen.send(.appendRows([RowState<S>(id: id)]))
          screen.send(.remove(id))
          id &+= 1
        }
        next.value = id
      },
      notifications: S.isStoreFloor ? nil : { screen.rowRenders }, expected: 1,
      tearDown: { screen.cancel() })
  }

  private static func rowChurnApple() -> PreparedCase {
    let screen = AppleListScreen(rows: [], capacity: 1)
    let next = Cursor()
    return PreparedCase(
      run: { iterations in
        var id = next.value
        for _ in 0..<iterations {
          screen.change { $0.rows.append(AppleRow(id: id)) }
          screen.change { $0.rows.removeLast() }
          id &+= 1
        }
        next.value = id
      },
      notifications: { screen.rowRenders }, expectedNotificationsPerOperation: 1)
  }

  private static func rowChurnPlain() -> PreparedCase {
    let screen = PlainListScreen(rows: [], capacity: 1)
    let next = Cursor()
    return PreparedCase(run: { iterations in
      var id = next.value
      for _ in 0..<iterations {
        screen.send(.appendRows([PlainRow(id: id)]))
        // Rebuilt empty: the floor keeps no row it drops (its `remove` keeps
        // rows stored by id, as apple's row index does).
        screen.send(.setRows([]))
        id &+= 1
      }
      next.value = id
    })
  }

  /// Cycles per measurement of memory kept: enough that a kilobyte of noise
  /// is a fraction of a byte per cycle.
  static let churnCycles = 20_000

  /// Whether add-and-delete churn leaves memory behind: jemalloc's live bytes
  /// before and after `churnCycles` cycles of a live case, per cycle, for
  /// every core strategy the run measured, against apple's.
  static let rowChurnKeepsNothing = SuiteCheck(
    name: "row-churn-keeps-nothing",
    summary:
      "An add-and-delete cycle of a shown row keeps no more memory than apple's (±16 bytes per cycle), on every "
      + "core strategy measured"
  ) { context in
    let strategies = StrategyIDs.stores.filter {
      $0 != StrategyIDs.apple && $0 != StrategyIDs.none && context.result(scenario: rowChurn.name, strategy: $0) != nil
    }
    guard !strategies.isEmpty, context.result(scenario: rowChurn.name, strategy: StrategyIDs.apple) != nil else {
      return nil
    }
    guard let statistics = JemallocTotals() else {
      throw CheckSkipped("jemalloc statistics are unavailable in this process")
    }
    let apple = try statistics.retainedBytesPerOperation(
      of: rowChurn, strategy: StrategyIDs.apple, operations: churnCycles)
    var kept: [(String, Double)] = []
    for strategy in strategies {
      kept.append(
        (strategy, try statistics.retainedBytesPerOperation(of: rowChurn, strategy: strategy, operations: churnCycles)))
    }
    let worst = kept.max { $0.1 < $1.1 }!
    return CheckOutcome(
      passed: worst.1 <= apple + 16, measured: worst.1, expected: apple,
      detail:
        "bytes kept per cycle after \(churnCycles) cycles: "
        + kept.map { "\($0.0) \(Scopes.oneDecimal($0.1))" }.joined(separator: ", ")
        + "; apple \(Scopes.oneDecimal(apple)) (jemalloc stats.allocated, process-wide: below 0 where other "
        + "threads' caches gave memory back meanwhile)")
  }

  /// ``rowChurn`` as a ``CoreWorkload``, specialised per strategy.
  private struct RowChurn: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reported.rowChurn(S.self)
    }
  }
}
