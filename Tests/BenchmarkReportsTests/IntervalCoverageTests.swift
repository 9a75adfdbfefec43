import BenchmarkKit
import BenchmarkReports
import Testing

/// `obsbench coverage`'s model on synthetic runs whose published figures are set
/// by hand: every count comes from ``CaseResult/published``, never the samples.
@Suite("Interval coverage")
struct IntervalCoverageTests {
  /// A case whose published median is `median` with interval `low…high`, and, when
  /// given, a ratio to apple with its interval; its samples say something else.
  static func result(
    _ strategy: String, scenario: String = "untracked", median: Figure, low: Double, high: Double,
    ratio: Figure? = nil, ratioInterval: ClosedRange<Double>? = nil, samples: [Double] = [1000, 1000, 1000],
    passes: [Int]? = nil
  ) -> CaseResult {
    var result = Fixtures.result(scenario, strategy, samples: samples)
    result.passSampleCounts = passes
    result.published = PublishedFigures(
      resolutionNs: 0.1, medianNs: median, p90Ns: median, minNs: median, ciLowNs: .value(low), ciHighNs: .value(high),
      ratioToApple: ratio, ratioInterval: ratioInterval)
    return result
  }

  static func run(_ cases: [CaseResult]) -> BenchmarkRun {
    BenchmarkRun(environment: Fixtures.environment, settings: Fixtures.settings, cases: cases, fits: [])
  }

  static let apple = result("apple", median: .value(20), low: 19, high: 21)

  @Test func ratios_whenBsRatioLiesInsideOrOutsideAsInterval_countsItRight() {
    let a = Self.run([
      Self.apple,
      Self.result(
        "lock-thread-keypath", median: .value(4), low: 3.9, high: 4.1, ratio: .value(0.2), ratioInterval: 0.19...0.21),
      Self.result(
        "lock-task-keypath", median: .value(6), low: 5.9, high: 6.1, ratio: .value(0.3), ratioInterval: 0.29...0.31),
    ])
    let b = Self.run([
      Self.apple,
      Self.result("lock-thread-keypath", median: .value(4), low: 3.9, high: 4.1, ratio: .value(0.205)),
      Self.result("lock-task-keypath", median: .value(6), low: 5.9, high: 6.1, ratio: .value(0.35)),
    ])
    let coverage = IntervalCoverage(first: a, second: b)
    #expect(coverage.ratios.entries.map(\.key.strategy) == ["lock-task-keypath", "lock-thread-keypath"])
    #expect(coverage.ratios.entries.map(\.covered) == [false, true])
    #expect(coverage.ratios.share == 0.5)
    #expect(coverage.ratios.skipped == 0)
  }

  @Test func machineShift_whenBRanWhollySlower_isMeasured_andDividedOutOfTheMedians() throws {
    // B's every median 1.3× A's, outside A's ±5% intervals: a machine shift,
    // not a case the intervals missed.
    let strategies = ["a", "b", "c", "d"]
    let a = Self.run(strategies.map { Self.result($0, median: .value(10), low: 9.5, high: 10.5) })
    let b = Self.run(strategies.map { Self.result($0, median: .value(13), low: 12.4, high: 13.6) })
    let coverage = IntervalCoverage(first: a, second: b)
    #expect(coverage.medians.share == 0)
    let shift = try #require(coverage.machineShiftBySuite.first)
    #expect(abs(shift.factor - 1.3) < 1e-9)
    #expect(coverage.mediansAfterMachineShift.share == 1)
    // One case that moved on its own stays a miss after the shift.
    let c = Self.run(strategies.map { Self.result($0, median: .value($0 == "d" ? 20 : 13), low: 12, high: 14) })
    #expect(IntervalCoverage(first: a, second: c).mediansAfterMachineShift.covered == 3)
  }

  @Test func widths_areTheMedianHalfSpanOfAsComparedIntervals_boundsLeftOut() throws {
    // Half-spans ×1.1, ×1.2, ×1.5 (low 10/f, high 10·f); a low end of 0 has no factor.
    let halfSpans: [(String, Double)] = [("a", 1.1), ("b", 1.2), ("c", 1.5)]
    let a = Self.run(
      [Self.apple]
        + halfSpans.map { strategy, f in
          Self.result(
            strategy, median: .value(10), low: 10 / f, high: 10 * f, ratio: .value(0.5),
            ratioInterval: (0.5 / (f * f))...(0.5 * f * f))
        } + [Self.result("d", median: .value(10), low: 0, high: 40)])
    let b = Self.run(
      [Self.apple]
        + ["a", "b", "c", "d"].map { Self.result($0, median: .value(10), low: 9, high: 11, ratio: .value(0.5)) })
    let widths = IntervalCoverage(first: a, second: b).widths
    // Apple's ×1.05 (19…21 about 20) joins a, b and c: the median of four.
    #expect(abs(try #require(widths.medians) - (1.1 + 1.2) / 2) < 1e-12)
    #expect(abs(try #require(widths.ratios) - 1.44) < 1e-12)
    #expect(IntervalCoverage(first: Self.run([]), second: b).widths.medians == nil)
  }

  @Test func ratios_whenARatioIsABoundOrHasNoApple_leavesItOutOrDoesNotCountIt() {
    let bound = Self.result("none", median: .below(0.3), low: 0, high: 0.3, ratio: .below(0.015))
    let a = Self.run([Self.apple, bound, Self.result("lock", scenario: "other", median: .value(4), low: 3, high: 5)])
    let b = Self.run([Self.apple, bound, Self.result("lock", scenario: "other", median: .value(4), low: 3, high: 5)])
    let coverage = IntervalCoverage(first: a, second: b)
    #expect(coverage.ratios.entries.isEmpty)
    #expect(coverage.ratios.skipped == 1)  // none: a bound; other/lock has no apple beside it
    #expect(coverage.ratios.share == nil)
  }

  @Test func medians_whenBsMedianLiesInsideOrOutsideAsInterval_countsItRight() {
    let a = Self.run([
      Self.apple, Self.result("lock", median: .value(4), low: 3.9, high: 4.1),
      Self.result("none", median: .value(0.5), low: 0.45, high: 0.55),
    ])
    let b = Self.run([
      Self.result("apple", median: .value(20.5), low: 20, high: 21),
      Self.result("lock", median: .value(4.3), low: 4, high: 5),
      Self.result("none", median: .value(0.45), low: 0.4, high: 0.5),
    ])
    let coverage = IntervalCoverage(first: a, second: b)
    #expect(coverage.medians.entries.map(\.key.strategy) == ["apple", "lock", "none"])
    #expect(coverage.medians.entries.map(\.covered) == [true, false, true])
    #expect(coverage.medians.entries.map(\.interval) == [19...21, 3.9...4.1, 0.45...0.55])
    #expect(coverage.medians.covered == 2)
    #expect(coverage.medians.skipped == 0)
  }

  @Test func medians_whenAsMedianIsABound_orBsIsNot_aValue_leavesTheCaseOut() {
    let a = Self.run([
      Self.result("none", median: .below(0.3), low: 0, high: 0.3),
      Self.result("lock", median: .value(4), low: 3, high: 5),
    ])
    var failed = Fixtures.result("untracked", "lock", samples: [], failure: "threw")
    failed.published = nil
    let b = Self.run([Self.result("none", median: .value(0.2), low: 0.1, high: 0.3), failed])
    let coverage = IntervalCoverage(first: a, second: b)
    #expect(coverage.medians.entries.isEmpty)
    #expect(coverage.medians.skipped == 2)
  }

  @Test func bounds_whenABoundLiesBelowOneOfItsPassMedians_countsIt() {
    let samples = [0.2, 0.3, 0.4, 0.6, 0.7, 0.8]  // pass medians 0.3 and 0.7
    let a = Self.run([
      Self.result("none", median: .below(0.5), low: 0, high: 0.5, samples: samples, passes: [3, 3]),
      Self.result("lock", median: .below(0.9), low: 0, high: 0.9, samples: samples, passes: [3, 3]),
      Self.result("apple", median: .value(0.5), low: 0.3, high: 0.7, samples: samples, passes: [3, 3]),
    ])
    let bounds = IntervalCoverage(first: a, second: a).bounds
    #expect(bounds.entries.map(\.key.strategy) == ["lock", "none"])
    #expect(bounds.entries.map(\.passMedians) == [[0.3, 0.7], [0.3, 0.7]])
    #expect(bounds.exceeded.map(\.key.strategy) == ["none"])
  }

  @Test func bounds_whenTheCaseHasOnePass_comparesWithItsOneMedian() {
    let a = Self.run([Self.result("none", median: .below(0.25), low: 0, high: 0.25, samples: [0.2, 0.3, 0.4])])
    let bounds = IntervalCoverage(first: a, second: a).bounds
    #expect(bounds.entries.map(\.passMedians) == [[0.3]])
    #expect(bounds.exceeded.count == 1)
  }

  @Test func samples_giveTheFewestInAPass_andTheSpreadPerCase() throws {
    var failed = Fixtures.result("untracked", "actor", samples: [1], failure: "threw")
    failed.published = nil
    let a = Self.run([
      Self.result(
        "apple", median: .value(1), low: 1, high: 1, samples: Array(repeating: 1, count: 12), passes: [3, 3, 3, 3]),
      Self.result(
        "lock", median: .value(1), low: 1, high: 1, samples: Array(repeating: 1, count: 9), passes: [4, 2, 3]),
      Self.result("none", median: .value(1), low: 1, high: 1, samples: Array(repeating: 1, count: 20)),
      failed,
    ])
    let samples = try #require(IntervalCoverage(first: a, second: a).samples)
    #expect(samples.fewestInAPass == 2)
    #expect(samples.fewestCase.strategy == "lock")
    #expect(samples.fewestPass == 2)
    #expect(samples.perCaseMinimum == 9)
    #expect(samples.perCaseMedian == 12)
    #expect(samples.perCaseMaximum == 20)
    #expect(samples.cases == 3)
  }

  @Test func samples_whenNoCaseWasMeasured_areNil() {
    let failed = Fixtures.result("untracked", "lock", samples: [], failure: "threw")
    #expect(IntervalCoverage(first: Self.run([failed]), second: Self.run([failed])).samples == nil)
  }
}

extension IntervalCoverageTests {
  @Test func medians_whenAsLowEndIsABound_countFromZeroToTheHighEnd() {
    // "< 0.19" for the low end: the interval starts somewhere under 0.19, even
    // though 0.19 lies above the median.
    var a = Self.result("lock", median: .value(0.13), low: 0, high: 0.17)
    a.published?.ciLowNs = .below(0.19)
    let b = Self.result("lock", median: .value(0.12), low: 0, high: 0.2)
    let coverage = IntervalCoverage(first: Self.run([a]), second: Self.run([b]))
    #expect(coverage.medians.entries.map(\.interval) == [0...0.17])
    #expect(coverage.medians.covered == 1)
  }
}
