import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// The A/B verdict (`run --baseline-binary`): two builds measured pass by pass
/// in one run, each pair of passes judged against the other.
@Suite struct PairedComparisonTests {
  /// A build's run: for each strategy, `passes` passes of 8 samples around
  /// `base` ns, pass p scaled by `passFactors[p]` (a process's state) and the
  /// samples jittered by ±`jitter` with a seeded generator.
  static func build(
    strategies: [String: Double], scenarios: [String] = ["a", "b", "c"], passFactors: [Double],
    scale: [String: Double] = [:], jitter: Double = 0.02, seed: UInt64
  ) -> BenchmarkRun {
    var generator = SplitMix64(seed: seed)
    var cases = [CaseResult]()
    for scenario in scenarios {
      for (strategy, base) in strategies.sorted(by: { $0.key < $1.key }) {
        let passes = passFactors.map { factor in
          (0..<8).map { _ in
            base * factor * (scale[strategy] ?? 1) * (1 + jitter * (Double(generator.next() % 2001) / 1000 - 1))
          }
        }
        cases.append(PassCases.result(strategy, passes: passes, scenario: scenario))
      }
    }
    return Publication.publish(Fixtures.run(cases))
  }

  static let strategies: [String: Double] = [
    "apple": 900, "none": 40, "lock-thread-keypath": 150, "lock-task-keypath": 170,
  ]

  @Test func paired_whenTheSameBuildRunsTwice_andEachPairOfPassesLandsInItsOwnState_reportsNoRegression() {
    // Each pair's processes share a machine state (×0.8 … ×1.3), each process a
    // small state of its own (the per-process factors differ by a few percent).
    let baseline = Self.build(strategies: Self.strategies, passFactors: [1.0, 1.3, 0.8, 1.1], seed: 1)
    let current = Self.build(strategies: Self.strategies, passFactors: [1.03, 1.27, 0.82, 1.08], seed: 2)
    let comparison = RunComparison(pairedBaseline: baseline, current: current)
    #expect(comparison.gateFailures.isEmpty)
    #expect(comparison.count(.unchanged) + comparison.count(.withinNoise) == comparison.rows.count)
  }

  @Test func paired_whenOneStrategyIs25PercentSlowerInEveryPass_reportsItsCasesRegressed_andNoOther() {
    let factors = [1.0, 1.3, 0.8, 1.1]
    let baseline = Self.build(strategies: Self.strategies, passFactors: factors, seed: 3)
    let current = Self.build(
      strategies: Self.strategies, passFactors: factors, scale: ["lock-thread-keypath": 1.25], seed: 4)
    let comparison = RunComparison(pairedBaseline: baseline, current: current)
    let regressed = Set(comparison.gateFailures.map(\.key.strategy))
    #expect(regressed == ["lock-thread-keypath"])
    #expect(comparison.gateFailures.count == 3)
    for row in comparison.gateFailures {
      #expect(row.verdict == .regressed)
      #expect(row.change?.number.map { abs($0 - 1.25) < 0.03 } == true)
      #expect(row.interval.map { $0.lowerBound > 1.05 } == true)
    }
  }

  /// Code both a case and its reference run (the render queue, the models)
  /// made 25% slower: the standing against the reference forgives β of it,
  /// so the case is judged unweighted too, and the reference itself gates in
  /// an A/B run (its move is the code's: both builds shared the machine).
  @Test func paired_whenACaseAndItsReferenceAre25PercentSlower_bothFailTheGate() {
    let factors = [1.0, 1.3, 0.8, 1.1, 0.95, 1.2]
    let baseline = Self.build(strategies: Self.strategies, passFactors: factors, seed: 31)
    let current = Self.build(
      strategies: Self.strategies, passFactors: factors, scale: ["lock-thread-keypath": 1.25, "apple": 1.25],
      seed: 32)
    let comparison = RunComparison(pairedBaseline: baseline, current: current)
    let failing = Set(comparison.gateFailures.map(\.key.strategy))
    #expect(failing == ["lock-thread-keypath", "apple"], "\(comparison.render())")
    #expect(comparison.gateFailures.allSatisfy { $0.verdict == .regressed })
    // The unweighted change is what shows it, beside the weighted one.
    for row in comparison.rows where row.key.strategy == "lock-thread-keypath" {
      #expect(row.ratio.map { abs($0 - 1.25) < 0.05 } == true)
    }
    #expect(comparison.verdictLine.contains("regression"), "\(comparison.verdictLine)")
    // Between two runs made apart, the same move of apple is the machine's.
    let apart = RunComparison(baseline: baseline, current: current)
    #expect(!apart.gateFailures.contains { $0.key.strategy == "apple" })
  }

  /// A slowdown in apple's side alone is a change to the benchmark: in an A/B
  /// run it fails the gate, and no case of this project's is called regressed.
  @Test func paired_whenOnlyAppleIs25PercentSlower_theAppleCasesFail_andNoOther() {
    let factors = [1.0, 1.3, 0.8, 1.1, 0.95, 1.2]
    let baseline = Self.build(strategies: Self.strategies, passFactors: factors, seed: 33)
    let current = Self.build(strategies: Self.strategies, passFactors: factors, scale: ["apple": 1.25], seed: 34)
    let comparison = RunComparison(pairedBaseline: baseline, current: current)
    #expect(Set(comparison.gateFailures.map(\.key.strategy)) == ["apple"], "\(comparison.render())")
    #expect(comparison.gateFailures.count == 3)
    // Nor improved: their standing against apple got better, their own time did not.
    #expect(comparison.count(.improved) == 0, "\(comparison.render())")
    let flagged = comparison.rows.filter(\.fasterOnlyAgainstReference)
    #expect(flagged.allSatisfy { $0.key.strategy != "apple" && [.unchanged, .withinNoise].contains($0.verdict) })
    #expect(!flagged.isEmpty, "\(comparison.render())")
    #expect(comparison.render().contains("faster only against a reference that slowed \(flagged.count)"))
    #expect(flagged.allSatisfy { comparison.verdictLabel($0).hasSuffix(RunComparison.fasterOnlyAgainstReferenceNote) })
  }

  /// A case truly faster is faster both against its reference and on its own
  /// time: still improved.
  @Test func paired_whenOneStrategyIs25PercentFaster_itsCasesAreImproved() {
    let factors = [1.0, 1.3, 0.8, 1.1, 0.95, 1.2]
    let baseline = Self.build(strategies: Self.strategies, passFactors: factors, seed: 35)
    let current = Self.build(
      strategies: Self.strategies, passFactors: factors, scale: ["lock-thread-keypath": 0.75], seed: 36)
    let comparison = RunComparison(pairedBaseline: baseline, current: current)
    let improved = comparison.rows.filter { $0.verdict == .improved }
    #expect(
      Set(improved.map(\.key.strategy)) == ["lock-thread-keypath"] && improved.count == 3, "\(comparison.render())")
    #expect(comparison.rows.allSatisfy { !$0.fasterOnlyAgainstReference })
  }

  /// A case under the A/B gate's time floor that moved beyond its noise is
  /// shown, but never as `regressed` beside a verdict that found no
  /// regression: the counts, the table and the verdict tell one story.
  @Test func paired_whenOnlyACaseUnderTheTimeFloorIsSlower_noTableSaysRegressed() {
    let strategies: [String: Double] = ["apple": 900, "none": 4, "lock-thread-keypath": 3, "lock-task-keypath": 170]
    let factors = [1.0, 1.3, 0.8, 1.1]
    let baseline = Self.build(strategies: strategies, passFactors: factors, seed: 21)
    let current = Self.build(
      strategies: strategies, passFactors: factors, scale: ["lock-thread-keypath": 1.4], seed: 22)
    let comparison = RunComparison(
      pairedBaseline: baseline, current: current,
      options: RunComparison.Options(ungatedBelowNs: RunComparison.pairedGateFloorNs))
    #expect(comparison.gateFailures.isEmpty)
    #expect(comparison.rows.contains { $0.verdict == .regressed && !comparison.gates($0) })
    for text in [comparison.render(), comparison.markdown()] {
      #expect(!text.contains("regressed"), "\(text)")
      #expect(text.contains("slower, not gated"), "\(text)")
    }
    #expect(comparison.countsLine.contains("slower, not gated 3"), "\(comparison.countsLine)")
    #expect(comparison.verdictLine.hasPrefix("no regression beyond 5.0%"))
  }

  @Test func paired_whenTheMachineDriftsThroughTheRun_judgesEachPairWithinItself() {
    // The machine slows by 10% a pair, both builds alike: the pairs see no change.
    let drift = [1.0, 1.1, 1.2, 1.3]
    let baseline = Self.build(strategies: Self.strategies, passFactors: drift, seed: 5)
    let current = Self.build(strategies: Self.strategies, passFactors: drift, seed: 6)
    let comparison = RunComparison(pairedBaseline: baseline, current: current)
    #expect(comparison.gateFailures.isEmpty)
    for row in comparison.rows {
      #expect(row.change?.number.map { abs($0 - 1) < 0.03 } == true, "\(row.key): \(String(describing: row.change))")
    }
  }

  @Test func paired_whenOneProcessLandsInASlowState_judgesThroughTheReferenceBesideIt() {
    // One pair's current process ran 40% slow for every case in it (a process
    // state): this project's cases, compared through apple beside them, did not move.
    let baseline = Self.build(strategies: Self.strategies, passFactors: [1, 1, 1, 1], seed: 11)
    let current = Self.build(strategies: Self.strategies, passFactors: [1, 1.4, 1, 1], seed: 12)
    let comparison = RunComparison(pairedBaseline: baseline, current: current)
    #expect(comparison.gateFailures.isEmpty)
    for row in comparison.rows where !["apple", "none"].contains(row.key.strategy) {
      #expect(row.change?.number.map { abs($0 - 1) < 0.03 } == true, "\(row.key): \(String(describing: row.change))")
    }
  }

  @Test func pairedShifts_whenAReferenceIsBeside_useThePassRatios_elseThePassMedians() {
    let baseline = Self.build(
      strategies: ["apple": 100, "lock-thread-keypath": 10], passFactors: [1, 2], jitter: 0, seed: 15)
    let current = Self.build(
      strategies: ["apple": 100, "lock-thread-keypath": 10], passFactors: [2, 1], jitter: 0, seed: 16)
    let shifts = RunComparison.pairedShifts(
      baseline: Dictionary(uniqueKeysWithValues: baseline.cases.map { ($0.key, $0) }),
      current: Dictionary(uniqueKeysWithValues: current.cases.map { ($0.key, $0) }))
    for (key, values) in shifts {
      let expected = key.strategy == "apple" ? [log(2.0), log(0.5)] : [0.0, 0.0]
      #expect(zip(values, expected).allSatisfy { abs(($0 ?? .nan) - $1) < 1e-9 }, "\(key): \(values)")
    }
  }

  @Test func paired_whenAPassIsMissingOnOneSide_pairsOnlyThePassesBothHave() {
    let baseline = Self.build(strategies: Self.strategies, passFactors: [1, 1, 1], seed: 7)
    let current = Self.build(strategies: Self.strategies, passFactors: [1, 1, 1, 1], seed: 8)
    let shifts = RunComparison.pairedShifts(
      baseline: Dictionary(uniqueKeysWithValues: baseline.cases.map { ($0.key, $0) }),
      current: Dictionary(uniqueKeysWithValues: current.cases.map { ($0.key, $0) }))
    #expect(shifts.values.allSatisfy { $0.count == 3 })
  }

  @Test func paired_whenACaseIsOnlyInTheCurrentBuild_listsItWithoutFailing() {
    let baseline = Self.build(strategies: Self.strategies, scenarios: ["a"], passFactors: [1, 1, 1, 1], seed: 9)
    let current = Self.build(
      strategies: Self.strategies, scenarios: ["a", "new"], passFactors: [1, 1, 1, 1], seed: 10)
    let comparison = RunComparison(pairedBaseline: baseline, current: current)
    #expect(comparison.count(.onlyInCurrent) == Self.strategies.count)
    #expect(comparison.gateFailures.isEmpty)
  }

  @Test func paired_whenACaseUnderTheGateFloorSlowsDown_showsItRegressed_butDoesNotFailTheVerdict() {
    let strategies: [String: Double] = ["apple": 900, "none": 0.5, "lock-thread-keypath": 2, "lock-task-keypath": 170]
    let factors = [1.0, 1.1, 0.9, 1.0]
    let baseline = Self.build(strategies: strategies, passFactors: factors, seed: 13)
    let current = Self.build(
      strategies: strategies, passFactors: factors, scale: ["lock-thread-keypath": 1.5], seed: 14)
    let options = RunComparison.Options(ungatedBelowNs: RunComparison.pairedGateFloorNs)
    let comparison = RunComparison(pairedBaseline: baseline, current: current, options: options)
    #expect(comparison.rows.filter { $0.key.strategy == "lock-thread-keypath" }.allSatisfy { $0.verdict == .regressed })
    #expect(comparison.gateFailures.isEmpty)
    #expect(comparison.verdictLine.contains("under 10 ns slower beyond the noise: not gated by time"))
    #expect(comparison.csv().contains(",regressed,no"))
    // Without the floor the same rows fail.
    #expect(RunComparison(pairedBaseline: baseline, current: current).gateFailures.count == 3)
  }

  /// `run` with `count` instructions per operation on the cases `strategy` ran.
  static func counted(_ run: BenchmarkRun, _ strategy: String, _ count: Double) -> BenchmarkRun {
    var run = run
    for index in run.cases.indices where run.cases[index].strategy == strategy {
      run.cases[index].instructionsPerOperation = count
    }
    return run
  }

  /// A change elsewhere moves where a case's code lands, and a case of a
  /// hundred nanoseconds runs 50% slower doing exactly the same work: with
  /// both builds' counts equal, the verdict shows it and does not fail; one
  /// instruction more and it fails as before.
  @Test func paired_whenACaseIsSlowerWithExactlyTheSameInstructions_showsItAsPlacement_andDoesNotFail() {
    let factors = [1.0, 1.1, 0.9, 1.0, 1.05, 0.95]
    let baseline = Self.build(strategies: Self.strategies, passFactors: factors, seed: 41)
    let current = Self.build(
      strategies: Self.strategies, passFactors: factors, scale: ["none": 1.5], seed: 42)
    let unexplained = RunComparison(pairedBaseline: baseline, current: current)
    #expect(Set(unexplained.gateFailures.map(\.key.strategy)) == ["none"], "\(unexplained.render())")

    let same = RunComparison(
      pairedBaseline: Self.counted(baseline, "none", 1_234.5), current: Self.counted(current, "none", 1_234.5))
    #expect(same.gateFailures.isEmpty, "\(same.render())")
    let placed = same.rows.filter(\.placementOnly)
    #expect(placed.count == 3 && placed.allSatisfy { $0.key.strategy == "none" && $0.sameInstructions == 1_234.5 })
    #expect(placed.allSatisfy { same.verdictLabel($0) == RunComparison.slowerSameInstructions })
    #expect(same.verdictLine.contains("3 cases slower with exactly the same instructions on both builds"))
    #expect(same.markdown().contains(RunComparison.slowerSameInstructions))
    #expect(same.render().contains("\(RunComparison.slowerSameInstructions) 3"))

    let moved = RunComparison(
      pairedBaseline: Self.counted(baseline, "none", 1_234.5), current: Self.counted(current, "none", 1_235.5))
    #expect(moved.gateFailures.count == 3)
    #expect(moved.rows.allSatisfy { !$0.placementOnly })
    // A count on one side only says nothing.
    #expect(RunComparison(pairedBaseline: baseline, current: Self.counted(current, "none", 1_234.5))
      .gateFailures.count == 3)
  }
}
