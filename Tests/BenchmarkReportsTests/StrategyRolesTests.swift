import BenchmarkKit
import BenchmarkReports
import Testing

/// The reports keep "the matrix" apart from what was added beside it.
@Suite("strategy roles in the reports")
struct StrategyRolesTests {
  static func run(roles: [String: String]?) -> BenchmarkRun {
    var run = Fixtures.run(
      ["lock-thread-keypath", "lock-thread-keypath+identity", "spin-thread-keypath", "store-floor", "apple", "none"].map
      {
        Fixtures.result("untracked", $0, samples: [3, 3.1, 3.2])
      })
    run.strategyRoles = roles
    return run
  }

  static let roles = [
    "lock-thread-keypath": "matrix", "lock-thread-keypath+identity": "refinement",
    "spin-thread-keypath": "variant", "store-floor": "store-floor", "apple": "reference", "none": "floor",
  ]

  @Test func summaryAndReport_listTheMatrixApartFromVariantsAndRefinements() {
    let line =
      "Strategies: the matrix (1): lock-thread-keypath; variants (1): spin-thread-keypath; refinements (+identity) "
      + "(1): lock-thread-keypath+identity; store floor (the store with nothing observed) (1): store-floor; "
      + "reference (1): apple; floor (1): none"
    #expect(MarkdownSummary.render(Self.run(roles: Self.roles)).contains(line))
    #expect(
      HTMLReport.render(Self.run(roles: Self.roles)).contains(
        "<th>Strategies</th><td>the matrix (1): lock-thread-keypath; variants (1)"))
  }

  @Test func rolesSurviveTheJSONRoundTrip_andOldRunsHaveNone() throws {
    let data = try ResultsJSON.encode(Self.run(roles: Self.roles))
    #expect(try ResultsJSON.decode(data, source: "test").strategyRoles == Self.roles)
    #expect(!MarkdownSummary.render(Self.run(roles: nil)).contains("Strategies:"))
  }
}
