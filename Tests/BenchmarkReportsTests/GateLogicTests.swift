import BenchmarkKit
import BenchmarkReports
import Testing

/// The ways a comparison used to be fooled: bounds and medians at or below zero,
/// too few samples, missing cases.
@Suite("compare gate logic")
struct GateLogicTests {
  static func steady(_ center: Double, count: Int = 21, seed: UInt64) -> [Double] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in center * (1 + 0.01 * (Double(generator.next() % 1001) / 500 - 1)) }
  }

  /// A run of `apple` cases that never move, plus `subject` under `lock-thread-keypath`.
  static func run(_ subject: CaseResult? = nil, scenarios: Int = 10) -> BenchmarkRun {
    let apples = (0..<scenarios).map { Fixtures.result("s\($0)", "apple", samples: steady(100, seed: UInt64($0))) }
    return Fixtures.run(apples + (subject.map { [$0] } ?? []))
  }

  static func subject(_ samples: [Double], uncertainty: Double? = nil) -> CaseResult {
    var result = Fixtures.result("s0", "lock-thread-keypath", samples: samples)
    result.uncertaintyNs = uncertainty
    return result
  }

  static func verdict(_ before: CaseResult, _ after: CaseResult) -> RunComparison.Row? {
    RunComparison(baseline: run(before), current: run(after)).rows.first { $0.key.strategy == "lock-thread-keypath" }
  }

  @Test func medianAtOrBelowZero_isABound_neverDivided() throws {
    // -0.18 ns then 0.69 ns, uncertainty 0.3: was "< 0.3 ns", now resolved.
    let before = Self.subject(Self.steady(-0.18, seed: 1), uncertainty: 0.3)
    let after = Self.subject(Self.steady(0.69, seed: 2), uncertainty: 0.3)
    let row = try #require(Self.verdict(before, after))
    #expect(row.baseline == .below(0.3))
    #expect(row.ratio == nil)
    guard case .above(let least) = row.change else {
      Issue.record("a value over a bound is a bound of the change, got \(String(describing: row.change))")
      return
    }
    #expect(least > 2)
    #expect(row.verdict == .regressed)
  }

  @Test func boundThatStaysABound_isUnchanged() throws {
    let before = Self.subject(Self.steady(0.1, seed: 3), uncertainty: 0.5)
    let after = Self.subject(Self.steady(0.3, seed: 4), uncertainty: 0.5)
    let row = try #require(Self.verdict(before, after))
    #expect(row.verdict == .unchanged)
    #expect(row.change == .unresolved)
  }

  @Test func valueThatBecomesABound_isNeverARegression() throws {
    let before = Self.subject(Self.steady(5, seed: 5), uncertainty: 0.2)
    let after = Self.subject(Self.steady(0.2, seed: 6), uncertainty: 0.2)
    let row = try #require(Self.verdict(before, after))
    #expect(row.verdict == .improved)
  }

  @Test func twiceAsSlowWithFiveSamplesASide_cannotBeJudged_andFails() throws {
    let before = Self.subject(Self.steady(10, count: 5, seed: 7))
    let after = Self.subject(Self.steady(20, count: 5, seed: 8))
    let comparison = RunComparison(baseline: Self.run(before), current: Self.run(after))
    #expect(comparison.gateFailures.map(\.verdict) == [.notEnoughSamples])
    #expect(comparison.render().contains("not enough samples to judge"))
    // Unchanged within the threshold, five samples are enough to say so.
    let same = RunComparison(baseline: Self.run(before), current: Self.run(before))
    #expect(same.gateFailures.isEmpty)
  }

  @Test func missingCases_areReported_andFailUnlessAllowed() {
    let baseline = Self.run(scenarios: 20)
    let current = Self.run(scenarios: 10)
    let comparison = RunComparison(baseline: baseline, current: current)
    #expect(comparison.count(.missing) == 10)
    #expect(comparison.gateFailures.count == 10)
    #expect(comparison.render().contains("FAIL: 10 missing cases"))
    let allowed = RunComparison(baseline: baseline, current: current, options: .init(allowMissing: true))
    #expect(allowed.gateFailures.isEmpty)
    #expect(allowed.render().contains("10 baseline cases missing, allowed"))
  }

  @Test func failedCase_failsTheGate() {
    let failed = Fixtures.result("s0", "lock-thread-keypath", samples: [1], failure: "no")
    let comparison = RunComparison(
      baseline: Self.run(Self.subject(Self.steady(10, seed: 9))), current: Self.run(failed))
    #expect(comparison.gateFailures.map(\.verdict) == [.failed])
  }
  @Test func aWorkloadTheMachineSlowedForEveryone_isNotARegression() throws {
    // apple beside the case ran 1.5× slower, the case 1.36×; no other case moved.
    let before = Self.subject(Self.steady(50, seed: 10))
    let after = Self.subject(Self.steady(68, seed: 11))
    var baseline = Self.run(before)
    var current = Self.run(after)
    baseline.cases = baseline.cases.map {
      $0.key.scenario == "s0" && $0.strategy == "apple" ? Self.apple(100, seed: 12) : $0
    }
    current.cases = current.cases.map {
      $0.key.scenario == "s0" && $0.strategy == "apple" ? Self.apple(150, seed: 13) : $0
    }
    let row = try #require(
      RunComparison(baseline: baseline, current: current).rows.first { $0.key.strategy == "lock-thread-keypath" })
    #expect(row.verdict == .withinNoise)
    // With apple beside it steady, the same change is the code's.
    #expect(Self.verdict(before, after)?.verdict == .regressed)
  }

  @Test func aCaseNearItsResolution_movedOnlyWhereItsUncertaintiesPart() throws {
    // 0.54 ns then 0.98 ns: a loop cost that measured 0.3 ns in one process and
    // 0.7 ns in the next moves a case this small by as much.
    let noisy = try #require(
      Self.verdict(
        Self.subject(Self.steady(0.54, seed: 14), uncertainty: 0.25),
        Self.subject(Self.steady(0.98, seed: 15), uncertainty: 0.45)))
    #expect(noisy.verdict == .withinNoise)
    let resolved = try #require(
      Self.verdict(
        Self.subject(Self.steady(0.54, seed: 14), uncertainty: 0.05),
        Self.subject(Self.steady(0.98, seed: 15), uncertainty: 0.05)))
    #expect(resolved.verdict == .regressed)
  }

  /// A case measured in passes: `passes` of (pass median, samples).
  static func passed(_ passes: [(Double, Int)], seed: UInt64) -> CaseResult {
    var samples = [Double]()
    for (index, (center, count)) in passes.enumerated() {
      samples += steady(center, count: count, seed: seed &+ UInt64(index))
    }
    var result = subject(samples)
    result.passSampleCounts = passes.map(\.1)
    return result
  }

  @Test func aPassThatTookMoreSamples_cannotTiltTheVerdict() throws {
    // Passes (processes) at two states; which state took more samples moved the
    // merged median from 348 to 568 ns on unchanged code (scopes/track-fire).
    let before = Self.passed([(462, 2), (457, 8), (332, 8), (361, 6)], seed: 20)
    let after = Self.passed([(560, 2), (494, 4), (440, 6), (582, 7)], seed: 30)
    let row = try #require(Self.verdict(before, after))
    #expect(row.verdict != .regressed)
    // Every pass twice as slow is a regression, however the samples fall (60% is
    // not, beside passes that differ by 40% among themselves).
    let slower = Self.passed([(924, 2), (914, 8), (664, 8), (722, 6)], seed: 40)
    #expect(Self.verdict(before, slower)?.verdict == .regressed)
  }

  static func apple(_ center: Double, seed: UInt64) -> CaseResult {
    Fixtures.result("s0", "apple", samples: steady(center, seed: seed))
  }
}
