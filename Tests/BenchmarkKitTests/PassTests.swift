import BenchmarkKit
import Foundation
import Synchronization
import Testing

/// Passes: the runner measures the plan several times over on fresh fixtures,
/// and passes measured apart merge into one case.
@Suite("Passes")
struct PassTests {
  @Test func studentT_matchesTheTable_andApproachesTheNormal() {
    #expect(PassSpread.studentT975(degreesOfFreedom: 1) == 12.706)
    #expect(PassSpread.studentT975(degreesOfFreedom: 3) == 3.182)
    #expect(abs(PassSpread.studentT975(degreesOfFreedom: 30) - 2.042) < 0.005)
    #expect(abs(PassSpread.studentT975(degreesOfFreedom: 1000) - 1.962) < 0.002)
  }

  @Test func halfWidth_isTTimesTheStandardError_andNeedsTwoPasses() throws {
    #expect(PassSpread.halfWidth(of: [3]) == nil)
    // Mean 2, sample standard deviation 1, four values: 3.182 · 1/2.
    let half = try #require(PassSpread.halfWidth(of: [1, 2, 3, 2].map(Double.init)))
    let sd = (2.0 / 3).squareRoot()
    #expect(abs(half - 3.182 * sd / 2) < 1e-9)
  }

  @Test func passes_sliceBySampleCounts_andFallBackToOneWhenCountsDoNotFit() {
    let values = [1.0, 2, 3, 4, 5]
    #expect(PassSpread.passes(of: values, counts: [2, 0, 3]).map(Array.init) == [[1, 2], [3, 4, 5]])
    #expect(PassSpread.passes(of: values, counts: [2, 2]).map(Array.init) == [values])
    #expect(PassSpread.passes(of: values, counts: nil).map(Array.init) == [values])
  }

  @Test func share_spreadsSamplesEvenly_theLastPassReachingTheCount() {
    #expect((0..<4).map { BenchmarkRunner.share(41, through: $0, of: 4) } == [11, 21, 31, 41])
    #expect((0..<4).map { BenchmarkRunner.share(5, through: $0, of: 4) } == [2, 3, 4, 5])
    #expect(BenchmarkRunner.share(5, through: -1, of: 4) == 0)
  }

  static func pass(_ samples: [Double], notifications: Double? = nil, failure: String? = nil) -> CaseResult {
    var result = CaseResult(suite: "s", scenario: "x", strategy: "a", size: 1)
    result.iterations = 10
    result.samples = samples
    result.elapsedNs = samples.map { UInt64($0 * 10) }
    result.loopOverheadNs = 0.5
    result.allocationSamples = samples.map { _ in 1 }
    result.notificationsPerOperation = notifications
    result.failure = failure
    result.statistics = Statistics(samples, resamples: 20, seed: 1)
    result.uncertaintyNs = 0.5 + 0.25 + (result.statistics.map { ($0.ciHigh - $0.ciLow) / 2 } ?? 0)
    return result
  }

  @Test func merging_concatenatesPassesInOrder_andRecomputesTheStatistics() throws {
    let merged = CaseResult.merging(
      [Self.pass([10, 11, 12], notifications: 1), Self.pass([20, 21], notifications: 2)], resamples: 20, seed: 1)
    #expect(merged.samples == [10, 11, 12, 20, 21])
    #expect(merged.passSampleCounts == [3, 2])
    #expect(merged.elapsedNs.count == 5)
    #expect(merged.statistics?.count == 5)
    #expect(merged.statistics?.median == 12)
    #expect(merged.allocationsPerOperation == 1)
    // Weighted by operations: 3 samples at 1, 2 samples at 2.
    #expect(abs((merged.notificationsPerOperation ?? 0) - 7.0 / 5) < 1e-12)
    // The passes' loop-cost uncertainty (0.25) carries over.
    let statistics = try #require(merged.statistics)
    #expect(abs((merged.uncertaintyNs ?? 0) - (0.5 + 0.25 + (statistics.ciHigh - statistics.ciLow) / 2)) < 1e-9)
  }

  @Test func merging_aFailedPassFailsTheCase() {
    let merged = CaseResult.merging([Self.pass([1, 2]), Self.pass([], failure: "expected 1 notification")], resamples: 20, seed: 1)
    #expect(merged.failure == "expected 1 notification")
  }

  @Test func runner_preparesEveryCaseAfreshInEachPass_andTearsEachDown() throws {
    let prepared = Mutex(0)
    let tornDown = Mutex(0)
    let scenario = BenchmarkScenario(name: "count", summary: "bumps a counter", strategies: ["a", "b"]) { _, _ in
      prepared.withLock { $0 += 1 }
      let counter = Mutex(0)
      return PreparedCase(
        run: { iterations in for _ in 0..<iterations { counter.withLock { $0 += 1 } } },
        tearDown: { tornDown.withLock { $0 += 1 } })
    }
    let suite = BenchmarkSuite(name: "test", summary: "test", scenarios: [scenario])
    var configuration = BenchmarkRunnerTests.configuration
    configuration.passes = 3
    let plan = try BenchmarkPlan(registry: [suite], selection: BenchmarkSelection())
    let run = BenchmarkRunner(configuration: configuration).run(plan, environment: .current())
    #expect(prepared.withLock { $0 } == 6)
    #expect(tornDown.withLock { $0 } == 6)
    #expect(run.settings.passes == 3)
    for result in run.cases {
      #expect(result.passSampleCounts == [2, 2, 2])
      #expect(result.samples.count == 6)
    }
  }

  @Test func runner_adoptsAnEarlierPassesIterations_insteadOfCalibrating() throws {
    // Each operation spins for 10 µs, so the 200 µs target takes 20 of them.
    let scenario = BenchmarkScenario(name: "spin", summary: "spins 10 µs", strategies: ["a", "b", "c"]) { _, _ in
      PreparedCase(run: { iterations in
        for _ in 0..<iterations {
          let start = MonotonicClock.now()
          while MonotonicClock.now() &- start < 10_000 {}
        }
      })
    }
    let suite = BenchmarkSuite(name: "test", summary: "test", scenarios: [scenario])
    var configuration = BenchmarkRunnerTests.configuration
    configuration.passes = 1
    configuration.calibratedIterations = [
      CaseKey(suite: "test", scenario: "spin", strategy: "a", size: 1): 20,
      // An earlier pass's count that runs 10× too short here is re-timed, not kept.
      CaseKey(suite: "test", scenario: "spin", strategy: "c", size: 1): 2,
    ]
    let plan = try BenchmarkPlan(registry: [suite], selection: BenchmarkSelection())
    let run = BenchmarkRunner(configuration: configuration).run(plan, environment: .current())
    #expect(run.cases.first { $0.strategy == "a" }?.iterations == 20)
    // A case the earlier pass did not calibrate is calibrated as usual.
    #expect(run.cases.first { $0.strategy == "b" }.map { (5...22).contains($0.iterations) } == true)
    let retimed = try #require(run.cases.first { $0.strategy == "c" })
    #expect((5...22).contains(retimed.iterations))
    #expect(retimed.calibrationNote == nil)
    // The sample that missed is discarded: every case keeps its six.
    #expect(run.cases.allSatisfy { $0.samples.count == 6 && $0.passSampleCounts == [6] })
  }

}
