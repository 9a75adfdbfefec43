import BenchmarkKit
import Foundation
import Testing

/// The rerun shift: a scenario's cases together say how far a rerun may move a
/// median that one case's four passes showed as tight.
@Suite("Rerun shift")
struct RerunShiftTests {
  /// A case of scenario `scenario` whose four passes sit at `levels` (ns), three
  /// samples each, merged as a run merges them.
  static func merged(_ levels: [Double], strategy: String, scenario: String = "x") -> CaseResult {
    let passes = levels.map { level -> CaseResult? in
      var pass = PassTests.pass([level * 0.999, level, level * 1.001])
      pass.scenario = scenario
      pass.strategy = strategy
      pass.loopOverheadNs = 0.2
      pass.loopUncertaintyNs = 0.05
      pass.summarise(resamples: 20, seed: 1)
      return pass
    }
    return CaseResult.merging(passes, resamples: 100, seed: 2)
  }

  @Test func halves_splitFourPassesThreeWays_andOddCountsEveryWay() {
    #expect(RerunShift.halves(of: 4) == [[0, 1], [0, 2], [0, 3]])
    #expect(RerunShift.halves(of: 3) == [[0], [1], [2]])
    #expect(RerunShift.halves(of: 2) == [[0]])
    #expect(RerunShift.halves(of: 1).isEmpty)
  }

  @Test func splitShifts_ofPassesAtTwoLevels_areTheScaledLogStep() throws {
    // Passes 1 and 2 at 100 ns, 3 and 4 at 150 ns: the 12|34 split sees the whole
    // step, scaled by √((2/4) / (1/2 + 1/2)).
    let shifts = RerunShift.splitShifts(of: Self.merged([100, 100, 150, 150], strategy: "a"))
    #expect(shifts.count == 3)
    let largest = try #require(shifts.max())
    #expect(abs(largest - log(1.5) * 0.5.squareRoot()) < 0.01)
  }

  @Test func widen_aTightCaseOfAScenarioWhoseCasesJump_reachesTheScenariosShift() throws {
    // Twelve cases whose passes split ×1.5 two against two, and one whose four
    // passes happened to agree: a rerun may split that one too.
    var cases = (0..<12).map { Self.merged([100, 150, 100, 150], strategy: "s\($0)") }
    let tight = Self.merged([100, 100.5, 99.5, 100], strategy: "tight")
    cases.append(tight)
    let before = try #require(tight.medianInterval)
    #expect(!before.contains(130))
    let widened = try #require(RerunShift.widen(cases).last)
    let interval = try #require(widened.medianInterval)
    let shift = try #require(widened.rerunShift)
    #expect(shift > 0.2)
    #expect(interval.contains(130) && interval.contains(100 / 1.3))
    #expect((widened.uncertaintyNs ?? 0) >= interval.upperBound - (widened.statistics?.median ?? 0))
    // Still a resolved value: the shift scales with the operation.
    let median = try #require(widened.statistics?.median)
    #expect(widened.medianFigure == .value(median))
  }

  @Test func widen_aScenarioOfSteadyCases_leavesItsIntervalsAsTheyWere() throws {
    let cases = (0..<12).map { Self.merged([100, 100.2, 99.8, 100.1], strategy: "s\($0)") }
    let widened = RerunShift.widen(cases)
    for (before, after) in zip(cases, widened) {
      let old = try #require(before.medianInterval)
      let new = try #require(after.medianInterval)
      #expect(new.lowerBound <= old.lowerBound && new.upperBound >= old.upperBound)
      #expect(new.upperBound / old.upperBound < 1.01)
    }
  }

  @Test func widen_withTooFewValuesInTheScenario_borrowsTheSuitesPool() throws {
    // One case of scenario "lonely" (3 split values, below the minimum) beside a
    // jumpy scenario of the same suite.
    var cases = (0..<10).map { Self.merged([100, 150, 100, 150], strategy: "s\($0)", scenario: "jumpy") }
    cases.append(Self.merged([100, 100.5, 99.5, 100], strategy: "a", scenario: "lonely"))
    let lonely = try #require(RerunShift.widen(cases).last)
    #expect(lonely.rerunShift != nil)
    #expect(try #require(lonely.medianInterval).contains(125))
  }
}
