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

  @Test func maximumSamplesPerPass_isTheShareOfSamples_neverBelowTheMinimum() {
    var configuration = RunConfiguration(samples: 41, minimumSamples: 3, passes: 4)
    #expect(configuration.maximumSamplesPerPass == 11)
    configuration.samples = 5
    #expect(configuration.maximumSamplesPerPass == 3)
  }

  @Test func predictionHalfWidth_isTheMeansHalfWidthTimesRootTwo() throws {
    let values = [1.0, 2, 3, 2]
    let mean = try #require(PassSpread.halfWidth(of: values))
    let prediction = try #require(PassSpread.predictionHalfWidth(of: values))
    #expect(abs(prediction - mean * 2.0.squareRoot()) < 1e-12)
    #expect(PassSpread.predictionHalfWidth(of: [1]) == nil)
  }

  @Test func modes_findTwoSeparateGroups_andNotOneSpreadGroup() throws {
    let modes = try #require(PassSpread.modes(of: [0.97, 0.61, 0.50, 0.98]))
    #expect(modes.low == 0.50...0.61)
    #expect(modes.high == 0.97...0.98)
    #expect(PassSpread.modes(of: [1.0, 1.05, 1.1, 1.02]) == nil)
    // Evenly spread values have no step wider than the groups' own spread.
    #expect(PassSpread.modes(of: [1.0, 1.3, 1.69, 2.2]) == nil)
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
    result.loopUncertaintyNs = 0.25
    result.passSampleCounts = [samples.count]
    result.sampleRounds = Array(samples.indices)
    result.summarise(resamples: 20, seed: 1)
    return result
  }

  @Test func merging_concatenatesPassesInOrder_andRecomputesTheStatistics() throws {
    let merged = CaseResult.merging(
      [Self.pass([10, 11, 12], notifications: 1), Self.pass([20, 21], notifications: 2)], resamples: 20, seed: 1)
    #expect(merged.samples == [10, 11, 12, 20, 21])
    #expect(merged.passSampleCounts == [3, 2])
    #expect(merged.sampleRounds == [0, 1, 2, 0, 1])
    #expect(merged.elapsedNs.count == 5)
    #expect(merged.statistics?.count == 5)
    #expect(merged.statistics?.median == 12)
    #expect(merged.allocationsPerOperation == 1)
    // Weighted by operations: 3 samples at 1, 2 samples at 2.
    #expect(abs((merged.notificationsPerOperation ?? 0) - 7.0 / 5) < 1e-12)
    // The loop cost and its uncertainty (0.5 + 0.25) plus the larger side of the interval.
    let interval = try #require(merged.medianInterval)
    let median = try #require(merged.statistics?.median)
    let side = max(interval.upperBound - median, median - interval.lowerBound)
    #expect(abs((merged.uncertaintyNs ?? 0) - (0.5 + 0.25 + side)) < 1e-9)
  }

  @Test func merging_aMissingPass_countsAsAPassOfNoSamples() {
    let merged = CaseResult.merging([Self.pass([10, 11, 12]), nil, Self.pass([20, 21, 22])], resamples: 20, seed: 1)
    #expect(merged.passSampleCounts == [3, 0, 3])
    #expect(merged.passMedians == [11, 21])
  }

  @Test func merging_dropsFiguresPublishedForOnePass() {
    var first = Self.pass([10, 11, 12])
    first.published = PublishedFigures(
      resolutionNs: 0, medianNs: .value(1), p90Ns: .value(1), minNs: .value(1), ciLowNs: .value(1), ciHighNs: .value(1))
    let merged = CaseResult.merging([first, Self.pass([20, 21, 22])], resamples: 20, seed: 1)
    #expect(merged.published == nil)
  }

  @Test func summarise_aBimodalCase_getsAnIntervalCoveringBothModes() throws {
    // Two passes in the fast state, two in the ×2 slow one; each pass is tight.
    let merged = CaseResult.merging(
      [
        Self.pass([0.50, 0.51, 0.49, 0.50]), Self.pass([1.00, 1.01, 0.99, 1.00]),
        Self.pass([0.52, 0.50, 0.51, 0.51]), Self.pass([0.98, 0.99, 1.00, 0.99]),
      ], resamples: 200, seed: 1)
    let interval = try #require(merged.medianInterval)
    #expect(interval.lowerBound <= 0.50)
    #expect(interval.upperBound >= 1.00)
    #expect(merged.passModes?.hasPrefix("passes in two modes") == true)
    // One pass in another mode than three is still covered.
    let lopsided = CaseResult.merging(
      [Self.pass([4, 4.1, 3.9]), Self.pass([4, 4.05, 3.95]), Self.pass([4.1, 4, 4.05]), Self.pass([8, 8.1, 7.9])],
      resamples: 200, seed: 1)
    let wide = try #require(lopsided.medianInterval)
    #expect(wide.contains(4) && wide.contains(8))
  }

  @Test func figure_aBound_isNeverBelowItsIntervalsTop_norBelowAnyPassMedian() throws {
    // A sub-resolution case: a large loop cost removed, passes in two states.
    var passes = [CaseResult]()
    for values in [[0.30, 0.35, 0.32], [0.60, 0.62, 0.58], [0.31, 0.29, 0.33], [0.90, 0.95, 0.97]] {
      var pass = Self.pass(values)
      pass.loopOverheadNs = 0.4
      pass.loopUncertaintyNs = 0.05
      pass.summarise(resamples: 50, seed: 2)
      passes.append(pass)
    }
    let merged = CaseResult.merging(passes, resamples: 200, seed: 3)
    let median = try #require(merged.statistics?.median)
    guard case .below(let bound) = merged.figure(median) else {
      Issue.record("a median under its resolution must be published as a bound")
      return
    }
    let interval = try #require(merged.medianInterval)
    #expect(bound >= interval.upperBound)
    #expect(merged.passMedians.allSatisfy { bound >= $0 })
    // Every published time of the case is bounded the same way.
    if case .below(let low) = merged.figure(merged.statistics?.min ?? 0) { #expect(low >= interval.upperBound) }
  }

  @Test func figure_aLongOperationInTwoModes_staysAValueWithAWideInterval() throws {
    // 60 µs in three passes, 90 µs in one: the ×1.5 state widens the interval,
    // but nothing in it comes near the harness's sub-ns error.
    let merged = CaseResult.merging(
      [
        Self.pass([60_000, 60_100, 59_900]), Self.pass([60_050, 60_000, 60_100]),
        Self.pass([59_950, 60_000, 60_050]), Self.pass([90_000, 90_100, 89_900]),
      ], resamples: 200, seed: 4)
    let median = try #require(merged.statistics?.median)
    let interval = try #require(merged.medianInterval)
    #expect(interval.contains(60_000) && interval.contains(90_000))
    #expect(merged.figure(median) == .value(median))
    #expect(merged.resolutionNs < median)
  }

  @Test func figure_anIntervalReachingIntoTheHarnessError_makesABound() throws {
    // A median of 2 ns whose passes range from 0.6 to 3.4 ns, with 0.75 ns of
    // loop cost and its interval removed: the low end is inside the harness's error.
    let merged = CaseResult.merging(
      [
        Self.pass([0.6, 0.62, 0.58]), Self.pass([2.0, 2.1, 1.9]), Self.pass([2.0, 1.95, 2.05]),
        Self.pass([3.4, 3.5, 3.3]),
      ],
      resamples: 200, seed: 5)
    let median = try #require(merged.statistics?.median)
    let interval = try #require(merged.medianInterval)
    #expect(interval.lowerBound < merged.harnessUncertaintyNs)
    guard case .below(let bound) = merged.figure(median) else {
      Issue.record("an interval reaching into the harness's error must publish a bound")
      return
    }
    #expect(bound >= interval.upperBound)
  }

  @Test func figure_aLargeMedianWithOnePassThreeTimesSlower_staysAValue_itsIntervalAFactor() throws {
    // 700 µs in three passes, 2.1 ms in one: in ns the spread reaches below
    // zero (a bound of "< 2.8 ms" for a 700 µs median); as factors it is wide
    // but stays far above the harness's sub-ns error.
    let merged = CaseResult.merging(
      [
        Self.pass([700_000, 701_000, 699_000]), Self.pass([700_500, 700_000, 701_000]),
        Self.pass([699_500, 700_000, 700_500]), Self.pass([2_100_000, 2_101_000, 2_099_000]),
      ], resamples: 200, seed: 6)
    let median = try #require(merged.statistics?.median)
    let interval = try #require(merged.medianInterval)
    #expect(merged.figure(median) == .value(median))
    #expect(interval.lowerBound > 0)
    #expect(interval.contains(700_000) && interval.contains(2_100_000))
    // Symmetric as factors: median / low equals high / median, unless a pass
    // median widened one side.
    let (low, high) = CaseResult.interval(
      median: median, merged.statistics!.ciLow...merged.statistics!.ciHigh, merged.passMedians)
    #expect(abs(median / low - high / median) < 1e-9 * high)
  }

  @Test func interval_ofValuesAtOrBelowZero_isTakenInNanoseconds() {
    // Net of the loop cost, a sub-ns case's passes scatter around zero: no log.
    let (low, high) = CaseResult.interval(median: 0.1, -0.2...0.3, [0.1, -0.1, 0.2, 0.05])
    #expect(low < 0.1 && high > 0.1)
    #expect(abs((0.1 - low) - (high - 0.1)) < 1e-12, "symmetric in ns")
  }

  /// An A/B run merges the baseline build's passes with this build's runner:
  /// the merged run records how those passes sampled, not how this build would.
  @Test func merge_recordsHowThePassesSampled() throws {
    let scenario = BenchmarkScenario(name: "count", summary: "bumps a counter", strategies: ["a"]) { _, _ in
      let counter = Mutex(0)
      return PreparedCase(run: { iterations in for _ in 0..<iterations { counter.withLock { $0 += 1 } } })
    }
    let suite = BenchmarkSuite(name: "test", summary: "test", scenarios: [scenario])
    var configuration = BenchmarkRunnerTests.configuration
    configuration.passes = 1
    let plan = try BenchmarkPlan(registry: [suite], selection: BenchmarkSelection())
    let runner = BenchmarkRunner(configuration: configuration)
    var pass = runner.run(plan, environment: .current())
    #expect(pass.settings.samplesPerTurn == 2)
    let alike = runner.merge([pass], plan: plan, environment: .current(), durationSeconds: 1, backgroundLoadCores: nil)
    #expect(alike.settings.samplesPerTurn == 2)
    // As a build from before turns records its passes.
    pass.settings.samplesPerTurn = nil
    let merged = runner.merge([pass], plan: plan, environment: .current(), durationSeconds: 1, backgroundLoadCores: nil)
    #expect(merged.settings.samplesPerTurn == nil)
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
      #expect(result.passSampleCounts == [3, 3, 3])
      #expect(result.samples.count == 9)
      #expect(result.sampleRounds == [0, 1, 2, 0, 1, 2, 0, 1, 2])
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
    #expect(run.cases.allSatisfy { $0.samples.count >= 3 && $0.passSampleCounts == [$0.samples.count] })
  }

  @Test func sampler_givesEveryCaseItsMinimumInEveryPass_whateverItsPlaceAndTheBudget() throws {
    // Twelve groups and a budget spent long before the last: each still gets 3
    // samples in each pass, where a share of what is left used to give it 1.
    let scenarios = (0..<12).map { index in
      BenchmarkScenario(name: "spin\(index)", summary: "spins", strategies: ["a", "b"]) { _, _ in
        PreparedCase(run: { iterations in
          for _ in 0..<iterations {
            let start = MonotonicClock.now()
            while MonotonicClock.now() &- start < 2_000 {}
          }
        })
      }
    }
    let suite = BenchmarkSuite(name: "test", summary: "test", scenarios: scenarios)
    var configuration = BenchmarkRunnerTests.configuration
    configuration.passes = 3
    configuration.samples = 30
    configuration.timeBudgetSeconds = 0.001
    let plan = try BenchmarkPlan(registry: [suite], selection: BenchmarkSelection())
    let run = BenchmarkRunner(configuration: configuration).run(plan, environment: .current())
    #expect(run.cases.count == 24)
    for result in run.cases {
      #expect(result.passSampleCounts?.count == 3)
      #expect(
        result.passSampleCounts?.allSatisfy { $0 >= 3 } == true,
        "\(result.displayName): \(result.passSampleCounts ?? [])")
    }
  }

  @Test func sampler_givesExtraSamplesToImpreciseCases_upToTheirShare() throws {
    // "steady" spins a fixed time; "noisy" spins 2 or 20 µs in turn, so its median
    // is never known to 1%: it takes its whole share, the steady one its minimum.
    let flip = Mutex(false)
    let scenario = BenchmarkScenario(name: "mixed", summary: "steady and noisy", strategies: ["steady", "noisy"]) {
      strategy, _ in
      PreparedCase(run: { iterations in
        let noisy =
          strategy == "noisy"
          && flip.withLock {
            $0.toggle()
            return $0
          }
        let spin: UInt64 = noisy ? 20_000 : 2_000
        for _ in 0..<iterations {
          let start = MonotonicClock.now()
          while MonotonicClock.now() &- start < spin {}
        }
      })
    }
    let suite = BenchmarkSuite(name: "test", summary: "test", scenarios: [scenario])
    var configuration = BenchmarkRunnerTests.configuration
    configuration.passes = 1
    configuration.samples = 12
    // Loose enough that the steady spin meets it on a loaded machine too.
    configuration.precision = 0.05
    let plan = try BenchmarkPlan(registry: [suite], selection: BenchmarkSelection())
    let run = BenchmarkRunner(configuration: configuration).run(plan, environment: .current())
    #expect(run.cases.first { $0.strategy == "noisy" }?.samples.count == 12)
    #expect((run.cases.first { $0.strategy == "steady" }?.samples.count ?? 0) < 12)
  }
}
