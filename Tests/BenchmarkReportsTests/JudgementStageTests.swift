import BenchmarkKit
import Testing

@testable import BenchmarkReports

/// Each stage of compare's verdict, pinned by a case that stage alone decides:
/// with every stage the case gets the stage's verdict, and with that one stage
/// left out it gets another. A stage that stops mattering, or is dropped, fails
/// its test here.
@Suite("compare's verdict stages")
struct JudgementStageTests {
  typealias Verdict = RunComparison.Verdict

  /// The subject's verdict with every stage, and without the stage `name`.
  static func verdicts(
    _ baseline: BenchmarkRun, _ current: BenchmarkRun, without name: String,
    options: RunComparison.Options = .init()
  ) throws -> (all: Verdict, without: Verdict) {
    let stages = RunComparison.judgementStages
    #expect(stages.contains { $0.name == name }, "no stage \(name)")
    let verdict = { (stages: [JudgementStage]) throws -> Verdict in
      let comparison = RunComparison(baseline: baseline, current: current, options: options, stages: stages)
      return try #require(comparison.rows.first { $0.key.strategy == "lock-thread-keypath" }).verdict
    }
    return (try verdict(stages), try verdict(stages.filter { $0.name != name }))
  }

  static func verdicts(
    _ before: CaseResult, _ after: CaseResult, without name: String, options: RunComparison.Options = .init()
  ) throws -> (all: Verdict, without: Verdict) {
    try verdicts(GateLogicTests.run(before), GateLogicTests.run(after), without: name, options: options)
  }

  @Test func stages_areAskedInTheirDocumentedOrder() {
    #expect(
      RunComparison.judgementStages.map(\.name) == [
        "threshold", "noise", "resolution", "workload reference", "sample count", "significance", "baseline band",
      ])
  }

  @Test func threshold_whenAChangeIsSmallButCertain_callsItUnchanged() throws {
    // 3% slower, and steady to 1%: certain, but under the 5% that counts.
    let before = GateLogicTests.subject(GateLogicTests.steady(100, seed: 1))
    let after = GateLogicTests.subject(GateLogicTests.steady(103, seed: 2))
    let verdicts = try Self.verdicts(before, after, without: "threshold")
    #expect(verdicts.all == .unchanged)
    #expect(verdicts.without == .regressed)
  }

  @Test func noise_whenPassesDisagree_callsASteadyLookingChangeWithinNoise() throws {
    // Each pass is steady, but the passes (processes) land 20% apart: the
    // samples alone would call +15% certain.
    let before = GateLogicTests.passed([(90, 6), (110, 6), (95, 6), (105, 6)], seed: 50)
    let after = GateLogicTests.passed([(103.5, 6), (126.5, 6), (109.25, 6), (120.75, 6)], seed: 60)
    let verdicts = try Self.verdicts(before, after, without: "noise")
    #expect(verdicts.all == .withinNoise)
    #expect(verdicts.without == .regressed)
  }

  @Test func resolution_whenUncertaintiesOverlap_callsTheChangeWithinNoise() throws {
    // 0.54 ns then 0.98 ns, each uncertain by a loop cost of a few tenths.
    let before = GateLogicTests.subject(GateLogicTests.steady(0.54, seed: 14), uncertainty: 0.25)
    let after = GateLogicTests.subject(GateLogicTests.steady(0.98, seed: 15), uncertainty: 0.45)
    let verdicts = try Self.verdicts(before, after, without: "resolution")
    #expect(verdicts.all == .withinNoise)
    #expect(verdicts.without == .regressed)
  }

  @Test func workloadReference_whenAppleBesideTheCaseSlowedAlike_callsItWithinNoise() throws {
    // apple beside the case ran 1.5× slower, the case 1.36×; no other case moved.
    var baseline = GateLogicTests.run(GateLogicTests.subject(GateLogicTests.steady(50, seed: 10)))
    var current = GateLogicTests.run(GateLogicTests.subject(GateLogicTests.steady(68, seed: 11)))
    func replacingApple(_ run: inout BenchmarkRun, with apple: CaseResult) {
      run.cases = run.cases.map { $0.key == apple.key ? apple : $0 }
    }
    replacingApple(&baseline, with: GateLogicTests.apple(100, seed: 12))
    replacingApple(&current, with: GateLogicTests.apple(150, seed: 13))
    let verdicts = try Self.verdicts(baseline, current, without: "workload reference")
    #expect(verdicts.all == .withinNoise)
    #expect(verdicts.without == .regressed)
  }

  @Test func sampleCount_whenASlowdownHasFiveSamplesASide_cannotConfirmIt() throws {
    let before = GateLogicTests.subject(GateLogicTests.steady(10, count: 5, seed: 7))
    let after = GateLogicTests.subject(GateLogicTests.steady(20, count: 5, seed: 8))
    let verdicts = try Self.verdicts(before, after, without: "sample count")
    #expect(verdicts.all == .notEnoughSamples)
    #expect(verdicts.without != .notEnoughSamples)
  }

  @Test func significance_whenFourSamplesASideSeparate_callsItChance() throws {
    // Four samples a side wholly apart happen by chance one time in 35 (p ≈ 0.03).
    let before = GateLogicTests.subject(GateLogicTests.steady(10, count: 4, seed: 16))
    let after = GateLogicTests.subject(GateLogicTests.steady(20, count: 4, seed: 17))
    let verdicts = try Self.verdicts(before, after, without: "significance", options: .init(minimumSamples: 4))
    #expect(verdicts.all == .withinNoise)
    #expect(verdicts.without == .regressed)
  }

  @Test func baselineBand_whenTheMedianMovesToAStateTheBaselineSaw_callsItWithinNoise() throws {
    // A baseline mostly at 100 ns and one sample in five at 130; the current run
    // mostly at 120 and as often at 130: under the baseline's 90th percentile.
    func bimodal(_ low: Double, seed: UInt64) -> CaseResult {
      var lows = GateLogicTests.steady(low, count: 24, seed: seed)
      var highs = GateLogicTests.steady(130, count: 6, seed: seed &+ 1)
      let samples = (0..<30).map { $0 % 5 == 2 ? highs.removeLast() : lows.removeLast() }
      return GateLogicTests.subject(samples)
    }
    let verdicts = try Self.verdicts(bimodal(100, seed: 70), bimodal(120, seed: 80), without: "baseline band")
    #expect(verdicts.all == .withinNoise)
    #expect(verdicts.without == .regressed)
  }
}
