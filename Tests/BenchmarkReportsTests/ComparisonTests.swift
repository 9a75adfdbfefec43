import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

@Suite("RunComparison")
struct ComparisonTests {
  @Test func familyWiseMultiple_isUnderTheFloorAtTenCases_andGrowsWithTheCases() {
    let multiple = { (cases: Int) in RunComparison.familyWiseMultiple(cases: cases, error: 0.05) }
    #expect(abs(multiple(10) - 2.81) < 0.01)
    #expect(abs(multiple(100) - 3.48) < 0.01)
    #expect(abs(multiple(1000) - 4.06) < 0.01)
  }

  /// `count` samples around `center`, spread ±`spread` (a fraction) by a fixed seed.
  private func samples(_ center: Double, spread: Double, count: Int = 31, seed: UInt64) -> [Double] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in center * (1 + spread * (Double(generator.next() % 10_001) / 5000 - 1)) }
  }

  // Each case comes with an `apple` case of the same scenario that does not move
  // between the runs, as a machine of steady speed shows it.
  private func run(_ cases: [(String, [Double])]) -> BenchmarkRun {
    Fixtures.run(
      cases.flatMap { name, values in
        [
          Fixtures.result(name, "lock-thread-keypath", samples: values),
          Fixtures.result(name, "apple", samples: samples(200, spread: 0.01, seed: SplitMix64.seed(for: name))),
        ]
      })
  }

  private func verdict(baseline: [Double], current: [Double], threshold: Double = 0.05) -> RunComparison.Verdict? {
    RunComparison(baseline: run([("s", baseline)]), current: run([("s", current)]), threshold: threshold)
      .rows.first { $0.key.strategy != "apple" }?.verdict
  }

  @Test func compare_identicalRuns_changeNothing() throws {
    let same = run([("a", samples(100, spread: 0.02, seed: 1)), ("b", samples(5, spread: 0.3, seed: 2))])
    let comparison = RunComparison(baseline: same, current: same, threshold: 0.05)
    #expect(comparison.rows.allSatisfy { $0.verdict == .unchanged || $0.verdict == .withinNoise })
    #expect(comparison.gateFailures.isEmpty)
    // Unchanged is said only where a change of the threshold could have been
    // seen: the steady case; the ±30% one is within its noise, and says how
    // large a change it could have seen.
    let steady = comparison.rows.first { $0.key.scenario == "a" && $0.key.strategy != "apple" }
    let noisy = comparison.rows.first { $0.key.scenario == "b" && $0.key.strategy != "apple" }
    #expect(steady?.verdict == .unchanged && (steady?.detectable ?? 1) <= 0.05 + 1e-12)
    #expect(noisy?.verdict == .withinNoise && (noisy?.detectable ?? 0) > 0.05)
    #expect(noisy?.detectableText.hasPrefix("≥ ") == true)
    // The suite's power, in one line: how many of its cases resolve the threshold.
    let power = try #require(comparison.powerLine)
    #expect(power.contains("1 of 2 cases resolve 5.0%"), "\(power)")
    #expect(comparison.render().contains(power) && comparison.markdown().contains(power))
    #expect(comparison.geometricMean == 1)
  }

  @Test func compare_twentyPercentSlowerWithLowNoise_regressed() {
    let comparison = RunComparison(
      baseline: run([("slow", samples(100, spread: 0.01, seed: 3)), ("same", samples(50, spread: 0.01, seed: 4))]),
      current: run([("slow", samples(120, spread: 0.01, seed: 5)), ("same", samples(50, spread: 0.01, seed: 6))]),
      threshold: 0.05)
    let rows = Dictionary(
      uniqueKeysWithValues: comparison.rows.filter { $0.key.strategy != "apple" }.map { ($0.key.scenario, $0) })
    #expect(rows["slow"]?.verdict == .regressed)
    #expect(rows["same"]?.verdict == .unchanged)
    #expect(comparison.gateFailures.map(\.key.scenario) == ["slow"])
    let interval = try! #require(rows["slow"]?.interval)
    #expect(interval.lowerBound > 1.1 && interval.upperBound < 1.3)
    #expect((rows["slow"]?.pValue ?? 1) < 0.001)
    // Four cases, one 20% slower: the geometric mean is 1.2^¼.
    #expect(abs((comparison.geometricMean ?? 0) - pow(1.2, 0.25)) < 0.02)
  }

  @Test func compare_twentyPercentSlowerInsideHeavyNoise_isWithinNoise_notRegressed() {
    // Samples spread ±60%, as when the machine flips between fast and slow states.
    let verdict = verdict(
      baseline: samples(100, spread: 0.6, count: 9, seed: 7), current: samples(120, spread: 0.6, count: 9, seed: 8))
    #expect(verdict == .withinNoise || verdict == .unchanged)
    #expect(verdict != .regressed)
  }

  @Test func compare_twentyPercentFasterWithLowNoise_improved() {
    #expect(
      verdict(baseline: samples(100, spread: 0.01, seed: 9), current: samples(80, spread: 0.01, seed: 10)) == .improved)
  }

  @Test func compare_smallChangesStayUnchanged_evenWhenSignificant() {
    #expect(
      verdict(baseline: samples(100, spread: 0.001, seed: 11), current: samples(103, spread: 0.001, seed: 12))
        == .unchanged)
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
    #expect(text.contains("geometric mean of 4 raw ratios"))
    #expect(text.contains("machine factor 1.00×"))
  }

  @Test func text_alignsColumns_andEndsWithTheVerdict() {
    let same = run([("a", samples(100, spread: 0.02, seed: 1))])
    let lines = RunComparison(baseline: same, current: same, threshold: 0.05).render().split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("case ") })
    #expect(lines.last == "no regression beyond 5.0% in 2 common cases")
    #expect(lines.first?.hasPrefix("machine factor 1.00×") == true)
  }

  @Test(arguments: [("5%", 0.05), ("12.5%", 0.125), ("0.5%", 0.005)])
  func parseThreshold_acceptsPercentAndFraction(text: String, expected: Double) throws {
    #expect(abs(try RunComparison.parseThreshold(text) - expected) < 1e-12)
  }

  @Test(arguments: ["", "%", "five", "-5%", "0", "0.5", "1", "5", "0.05", "0%"])
  func parseThreshold_rejectsMalformed(text: String) {
    #expect(throws: ReportError.self) { try RunComparison.parseThreshold(text) }
  }
}
