import BenchmarkKit
import ObservationCore
import Testing

@testable import Benchmarks

/// The app suite's todo session: its renders per session, stated here from
/// each side's documented rules as whole-session totals, and checked on a
/// session run by every strategy.
@Suite("App sessions", .serialized)
struct AppTests {
  static let suite = Registry.suites.first { $0.name == "app" }!

  /// Renders per session under `strategy` on n todos, or `nil` for `none`.
  static func expected(_ strategy: String, todos n: Int) throws -> Double? {
    switch strategy {
    case StrategyIDs.none: return nil
    // A view per change it read: the changed row, or the list when the order,
    // the filter or a filtered-on `isDone` changed, plus first renders.
    case StrategyIDs.apple: return 12
    default:
      let entry = try #require(StrategyCatalog.strategy(withID: strategy))
      if entry.skipsUnchangedIdentity { return 12 }
      // keypath: 9 of the 11 actions go through `todos`, re-rendering the list
      // and every shown row (n, n - 1 or n + 1 of them); whole: all but the
      // filters do, and the filters re-render everything too.
      return strategy.hasSuffix("whole") ? Double(11 * n + 11) : Double(9 * n + 12)
    }
  }

  @Test(arguments: StrategyIDs.stores)
  func todoSession_rendersWhatEachSideDocuments(_ strategy: String) async throws {
    let n = 10
    let renders = try await ReportedTests.counted(in: Self.suite, "todo-session", strategy, size: n)
    #expect(renders == (try Self.expected(strategy, todos: n)))
  }

  @Test
  func todoSession_perStepTable_sumsToTheDocumentedTotals() {
    for n in [10, 1_000] {
      #expect(TodoSession.renders(.apple, todos: n) == 12)
      #expect(TodoSession.renders(.identity, todos: n) == 12)
      #expect(TodoSession.renders(.value, todos: n) == Double(9 * n + 12))
      #expect(TodoSession.renders(.whole, todos: n) == Double(11 * n + 11))
    }
  }
}
