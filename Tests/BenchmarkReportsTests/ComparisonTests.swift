import BenchmarkKit
import BenchmarkReports
import Testing

@Suite("RunComparison")
struct ComparisonTests {
  /// `count` samples around `center`, spread ±`spread` (a fraction) by a fixed seed.
  private func samples(_ center: Double, spread: Double, count: Int = 31, seed: UInt64) -> [Double] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in center * (1 + spread * (Double(generator.next() % 10_001) / 5000 - 1)) }
  }

  private func run(_ cases: [(String, [Double])]) -> BenchmarkRun {
    Fixtures.run(cases.map { Fixtures.result($0.0, "lock-thread-keypath", samples: $0.1) })
  }

  private func verdict(baseline: [Double], current: [Double], threshold: Double = 0.05) -> RunComparison.Verdict? {
    RunComparison(baseline: run([("s", baseline)]), current: run([("s", current)]), threshold: threshold)
      .rows.first?.verdict
  }

  @Test func compare_identicalRuns_changeNothing() {
    let same = run([("a", samples(100, spread: 0.02, seed: 1)), ("b", samples(5, spread: 0.3, seed: 2))])
    let comparison = RunComparison(baseline: same, current: same, threshold: 0.05)
    #expect(comparison.rows.map(\.verdict) == [.unchanged, .unchanged])
    #expect(comparison.regressions.isEmpty)
    #expect(comparison.geometricMean == 1)
  }

  @Test func compare_twentyPercentSlowerWithLowNoise_regressed() {
    let comparison = RunComparison(
      baseline: run([("slow", samples(100, spread: 0.01, seed: 3)), ("same", samples(50, spread: 0.01, seed: 4))]),
      current: run([("slow", samples(120, spread: 0.01, seed: 5)), ("same", samples(50, spread: 0.01, seed: 6))]),
      threshold: 0.05)
    let rows = Dictionary(uniqueKeysWithValues: comparison.rows.map { ($0.key.scenario, $0) })
    #expect(rows["slow"]?.verdict == .regressed)
    #expect(rows["same"]?.verdict == .unchanged)
    #expect(comparison.regressions.map(\.key.scenario) == ["slow"])
    let interval = try! #require(rows["slow"]?.interval)
    #expect(interval.lowerBound > 1.1 && interval.upperBound < 1.3)
    #expect((rows["slow"]?.pValue ?? 1) < 0.001)
    // Two cases, one 20% slower: the geometric mean is √1.2.
    #expect(abs((comparison.geometricMean ?? 0) - 1.2.squareRoot()) < 0.02)
  }

  @Test func compare_twentyPercentSlowerInsideHeavyNoise_isWithinNoise_notRegressed() {
    // Samples spread ±60%, as when the machine flips between fast and slow states.
    let verdict = verdict(
      baseline: samples(100, spread: 0.6, count: 9, seed: 7), current: samples(120, spread: 0.6, count: 9, seed: 8))
    #expect(verdict == .withinNoise || verdict == .unchanged)
    #expect(verdict != .regressed)
  }

  @Test func compare_amongManySteadyCases_stillFindsTheOneTwentyPercentSlower() {
    let names = (0..<20).map { "case\($0)" }
    let baseline = run(names.enumerated().map { ($1, samples(100, spread: 0.01, seed: UInt64($0))) })
    let current = run(names.enumerated().map { index, name in
      (name, samples(index == 7 ? 120 : 100.5, spread: 0.01, seed: UInt64(100 + index)))
    })
    let comparison = RunComparison(baseline: baseline, current: current, threshold: 0.05)
    #expect(comparison.regressions.map(\.key.scenario) == ["case7"])
    #expect((comparison.runToRunNoise ?? 1) < 0.02)
  }

  @Test func compare_whenRunsDisagreeEverywhere_aTwentyPercentChangeIsWithinTheirNoise() {
    // Each case moves by up to ±40% between the runs although nothing changed,
    // as on a shared machine whose tenants come and go; every run looks tight.
    let names = (0..<20).map { "case\($0)" }
    var generator = SplitMix64(seed: 99)
    let shifts = names.map { _ in 1 + 0.8 * (Double(generator.next() % 1001) / 1000 - 0.5) }
    let baseline = run(names.enumerated().map { ($1, samples(100, spread: 0.01, seed: UInt64($0))) })
    let current = run(names.enumerated().map { index, name in
      (name, samples(index == 7 ? 120 : 100 * shifts[index], spread: 0.01, seed: UInt64(100 + index)))
    })
    let comparison = RunComparison(baseline: baseline, current: current, threshold: 0.05)
    #expect(comparison.rows.first { $0.key.scenario == "case7" }?.verdict == .withinNoise)
    #expect((comparison.runToRunNoise ?? 0) > 0.1)
  }

  @Test func compare_twentyPercentFasterWithLowNoise_improved() {
    #expect(verdict(baseline: samples(100, spread: 0.01, seed: 9), current: samples(80, spread: 0.01, seed: 10)) == .improved)
  }

  @Test func compare_smallChangesStayUnchanged_evenWhenSignificant() {
    #expect(verdict(baseline: samples(100, spread: 0.001, seed: 11), current: samples(103, spread: 0.001, seed: 12)) == .unchanged)
  }

  @Test func compare_ignoresDifferencesBelowHalfANanosecond() {
    #expect(verdict(baseline: samples(0.3, spread: 0.01, seed: 13), current: samples(0.6, spread: 0.01, seed: 14)) == .unchanged)
    #expect(verdict(baseline: samples(1, spread: 0.01, seed: 15), current: samples(2, spread: 0.01, seed: 16)) == .regressed)
  }

  @Test func compare_singleSamples_cannotBeSignificant() {
    #expect(verdict(baseline: [100], current: [150]) == .withinNoise)
  }

  @Test func compare_reportsMissingAndFailedCases() {
    let old = Fixtures.run([
      Fixtures.result("gone", "x", samples: [1]), Fixtures.result("broken", "x", samples: [1]),
    ])
    let new = Fixtures.run([
      Fixtures.result("new", "x", samples: [1]), Fixtures.result("broken", "x", samples: [1], failure: "no"),
    ])
    let comparison = RunComparison(baseline: old, current: new, threshold: 0.05)
    let verdicts = Dictionary(uniqueKeysWithValues: comparison.rows.map { ($0.key.scenario, $0.verdict) })
    #expect(verdicts == ["gone": .onlyInBaseline, "new": .onlyInCurrent, "broken": .failed])
    #expect(comparison.regressions.map(\.key.scenario) == ["broken"])
    #expect(comparison.common.isEmpty)
    #expect(comparison.render().contains("1 regression beyond 5.0% in 3 cases"))
  }

  @Test func markdown_listsSignificantChangesOnly() {
    let comparison = RunComparison(
      baseline: run([("slow", samples(100, spread: 0.01, seed: 3)), ("same", samples(50, spread: 0.01, seed: 4))]),
      current: run([("slow", samples(120, spread: 0.01, seed: 5)), ("same", samples(50, spread: 0.01, seed: 6))]),
      threshold: 0.05)
    let text = comparison.markdown()
    #expect(text.contains("reads/slow[1] lock-thread-keypath"))
    #expect(!text.contains("reads/same[1]"))
    #expect(text.contains("**regressed**"))
    #expect(text.contains("geometric mean of 2 ratios"))
  }

  @Test func text_alignsColumns_andEndsWithTheVerdict() {
    let same = run([("a", samples(100, spread: 0.02, seed: 1))])
    let lines = RunComparison(baseline: same, current: same, threshold: 0.05).render().split(separator: "\n")
    #expect(lines.first?.hasPrefix("case") == true)
    #expect(lines.last == "no regression beyond 5.0% in 1 cases")
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
