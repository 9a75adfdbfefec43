import BenchmarkKit
import BenchmarkReports
import Testing

@Suite("RunComparison")
struct ComparisonTests {
  private func comparison(baseline: Double, current: Double, threshold: Double = 0.05) -> RunComparison.Status? {
    let old = Fixtures.run([Fixtures.result("s", "x", samples: [baseline])])
    let new = Fixtures.run([Fixtures.result("s", "x", samples: [current])])
    return RunComparison(baseline: old, current: new, threshold: threshold).rows.first?.status
  }

  @Test func compare_flagsSlowdownsBeyondThreshold() {
    #expect(comparison(baseline: 100, current: 104) == .unchanged)
    #expect(comparison(baseline: 100, current: 106) == .regression)
    #expect(comparison(baseline: 100, current: 90) == .improvement)
  }

  @Test func compare_ignoresDifferencesBelowHalfANanosecond() {
    #expect(comparison(baseline: 0.3, current: 0.6) == .unchanged)
    #expect(comparison(baseline: 1, current: 2) == .regression)
  }

  @Test func compare_reportsMissingAndFailedCases() {
    let old = Fixtures.run([
      Fixtures.result("gone", "x", samples: [1]), Fixtures.result("broken", "x", samples: [1]),
    ])
    let new = Fixtures.run([
      Fixtures.result("new", "x", samples: [1]), Fixtures.result("broken", "x", samples: [1], failure: "no"),
    ])
    let comparison = RunComparison(baseline: old, current: new, threshold: 0.05)
    let statuses = Dictionary(uniqueKeysWithValues: comparison.rows.map { ($0.key.scenario, $0.status) })
    #expect(statuses == ["gone": .onlyInBaseline, "new": .onlyInCurrent, "broken": .failed])
    #expect(comparison.regressions.map(\.key.scenario) == ["broken"])
    #expect(comparison.render().contains("1 regression beyond 5.0% in 3 cases"))
  }

  @Test(arguments: [("5%", 0.05), ("5", 0.05), ("0.05", 0.05), ("12.5%", 0.125)])
  func parseThreshold_acceptsPercentAndFraction(text: String, expected: Double) throws {
    #expect(abs(try RunComparison.parseThreshold(text) - expected) < 1e-12)
  }

  @Test(arguments: ["", "%", "five", "-5%", "0"])
  func parseThreshold_rejectsMalformed(text: String) {
    #expect(throws: ReportError.self) { try RunComparison.parseThreshold(text) }
  }
}
