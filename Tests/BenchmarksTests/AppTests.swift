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

  /// Renders per session (eight actions) under `strategy` on n todos, or
  /// `nil` for `none`.
  static func expected(_ strategy: String, todos n: Int) throws -> Int? {
    switch strategy {
    case StrategyIDs.none: return nil
    // A view per change it read: the changed row, or the list when the order,
    // the filter or a filtered-on `isDone` changed, plus two first renders
    // (the todo shown again, the deleted one restored).
    case StrategyIDs.apple: return 9
    default:
      let entry = try #require(StrategyCatalog.strategy(withID: strategy))
      if entry.skipsUnchangedIdentity { return 9 }
      // keypath: 6 of the 8 actions go through `todos`, re-rendering the list
      // and every row shown (about n each); whole: the filters too.
      return strategy.hasSuffix("whole") ? 8 * n + 6 : 6 * n + 7
    }
  }

  @Test(arguments: StrategyIDs.observingStores)
  func todoSession_rendersWhatEachSideDocuments(_ strategy: String) async throws {
    let n = 10
    let perAction = try await ReportedTests.counted(in: Self.suite, "todo-session", strategy, size: n)
    #expect(perAction.map { $0 * 8 } == (try Self.expected(strategy, todos: n)).map(Double.init))
  }

  @Test
  func todoSession_perStepTable_sumsToTheDocumentedTotals() {
    for n in [10, 1_000] {
      #expect(TodoSession.renders(.apple, todos: n) == 9)
      #expect(TodoSession.renders(.identity, todos: n) == 9)
      #expect(TodoSession.renders(.value, todos: n) == 6 * n + 7)
      #expect(TodoSession.renders(.whole, todos: n) == 8 * n + 6)
      #expect(TodoSession.rendersPerAction(.whole, todos: n) == Double(n) + 0.75)
    }
  }
}
