import BenchmarkKit
import BenchmarkReports
import Testing

@Suite("Significance and paired ratios")
struct SignificanceTests {
  @Test func mannWhitney_separatedSets_areSignificant_identicalOnesAreNot() throws {
    let low = (0..<20).map { 100 + Double($0) * 0.1 }
    let high = (0..<20).map { 120 + Double($0) * 0.1 }
    let apart = try #require(MannWhitneyU(low, high))
    #expect(apart.u == 400)
    #expect(apart.superiority == 1)
    #expect(apart.pValue < 1e-6)
    let same = try #require(MannWhitneyU(low, low))
    #expect(same.superiority == 0.5)
    #expect(same.pValue > 0.9)
  }

  @Test func mannWhitney_knownSmallExample() throws {
    // x = 1 2 3, y = 4 5 6 7: every y beats every x, U = 12; ties average ranks.
    #expect(try #require(MannWhitneyU([1, 2, 3], [4, 5, 6, 7])).u == 12)
    #expect(try #require(MannWhitneyU([1, 2], [2, 3])).u == 3.5)
    #expect(MannWhitneyU([], [1]) == nil)
    #expect(try #require(MannWhitneyU([5, 5], [5, 5])).pValue == 1)
  }

  @Test func ratioInterval_coversTheTrueRatio_andIsSeeded() throws {
    let base = (0..<30).map { 100 + Double($0 % 7) }
    let slower = base.map { $0 * 1.2 }
    let interval = try #require(RatioInterval.bootstrap(baseline: base, current: slower, seed: 5))
    #expect(interval.contains(1.2))
    #expect(interval == RatioInterval.bootstrap(baseline: base, current: slower, seed: 5))
    #expect(RatioInterval.bootstrap(baseline: [-1, -2], current: [1]) == nil)
  }

  @Test func pairedRatio_cancelsDriftThatMediansKeep() {
    // The machine flips between a fast and a slow state; both strategies move together.
    let states = [1.0, 1.6, 1.0, 1.6, 1.6, 1.0, 1.6]
    let a = states.map { 10 * $0 }
    let b = states.map { 40 * $0 }
    #expect(PairedRatio.median(a, over: b) == 0.25)
    #expect(PairedRatio.median([1, 2], over: [0, 1]) == nil)
    #expect(PairedRatio.median([], over: [1]) == nil)
  }

  @Test func pairedRatio_ofCases_fallsBackToMedians_whenUnpaired() {
    let a = Fixtures.result("x", "a", samples: [3, 3, 3])
    let b = Fixtures.result("x", "b", samples: [12, 12, 12])
    #expect(PairedRatio.of(a, to: b) == 0.25)
    let failed = Fixtures.result("x", "c", samples: [1], failure: "no")
    #expect(PairedRatio.of(failed, to: b) == nil)
  }
}

@Suite("Paired ratio intervals")
struct PairedRatioIntervalTests {
  static func pair(_ a: [Double], _ b: [Double], loopCost: Double? = nil, uncertainty: Double? = nil)
    -> (CaseResult, CaseResult)
  {
    var x = Fixtures.result("s", "a", samples: a)
    var y = Fixtures.result("s", "b", samples: b)
    x.loopOverheadNs = loopCost
    y.loopOverheadNs = loopCost
    x.uncertaintyNs = uncertainty
    y.uncertaintyNs = uncertainty
    return (x, y)
  }

  @Test func interval_containsThePairedRatio_andIsSeeded() throws {
    var generator = SplitMix64(seed: 3)
    let drift = (0..<30).map { 1 + 0.3 * Double($0 / 10) }
    let b = drift.map { 40 * $0 * (1 + 0.05 * (Double(generator.next() % 1000) / 1000 - 0.5)) }
    let a = drift.map { 10 * $0 * (1 + 0.05 * (Double(generator.next() % 1000) / 1000 - 0.5)) }
    let (x, y) = Self.pair(a, b)
    let interval = try #require(PairedRatio.interval(of: x, to: y))
    let point = try #require(PairedRatio.of(x, to: y))
    #expect(interval.contains(point))
    #expect(interval.lowerBound > 0.23 && interval.upperBound < 0.27)
    #expect(PairedRatio.interval(of: x, to: y) == interval)
  }

  @Test func interval_widensWithTheLoopCostsSpread() throws {
    let a = (0..<21).map { 10 + Double($0 % 3) * 0.1 }
    let b = (0..<21).map { 20 + Double($0 % 5) * 0.1 }
    let (x, y) = Self.pair(a, b, loopCost: 1, uncertainty: 1.1)
    var xWide = x
    xWide.loopOverheadNs = 1.5  // another shape's estimate: drawn independently
    xWide.uncertaintyNs = 4
    xWide.loopUncertaintyNs = 2.5
    let narrow = try #require(PairedRatio.interval(of: x, to: y))
    let wide = try #require(PairedRatio.interval(of: xWide, to: y))
    #expect(wide.upperBound - wide.lowerBound > 2 * (narrow.upperBound - narrow.lowerBound))
  }

  @Test func interval_coversThePassesRatios_whenThePassesDisagree() throws {
    // Four passes of five rounds; within a pass the ratio holds still, between
    // passes it moves as it does between runs: 1.0, 1.2, 0.9, 1.1.
    let levels = [1.0, 1.2, 0.9, 1.1]
    let a = levels.flatMap { level in (0..<5).map { 10 * level + 0.001 * Double($0) } }
    let b = Array(repeating: 10.0, count: 20)
    var (x, y) = Self.pair(a, b)
    let oneStretch = try #require(PairedRatio.interval(of: x, to: y))
    x.passSampleCounts = [5, 5, 5, 5]
    y.passSampleCounts = [5, 5, 5, 5]
    let passes = try #require(PairedRatio.interval(of: x, to: y))
    #expect(passes.lowerBound <= oneStretch.lowerBound && passes.upperBound >= oneStretch.upperBound)
    #expect(passes.lowerBound < 0.9 && passes.upperBound > 1.2)
    // Passes that agree add nothing.
    let (steady, reference) = Self.pair((0..<20).map { 5 + 0.01 * Double($0 % 4) }, b)
    var (counted, countedReference) = (steady, reference)
    counted.passSampleCounts = [5, 5, 5, 5]
    countedReference.passSampleCounts = [5, 5, 5, 5]
    let plain = try #require(PairedRatio.interval(of: steady, to: reference))
    let widened = try #require(PairedRatio.interval(of: counted, to: countedReference))
    #expect(widened.upperBound - widened.lowerBound < 1.5 * (plain.upperBound - plain.lowerBound) + 0.01)
  }

  @Test func interval_isNil_forBoundsFailuresAndTooFewRounds() {
    let (x, y) = Self.pair([0.1, 0.2, 0.1, 0.15], [10, 10, 10, 10], uncertainty: 0.5)
    #expect(PairedRatio.interval(of: x, to: y) == nil)  // numerator under its resolution
    #expect(PairedRatio.interval(of: y, to: x) == nil)  // denominator a bound
    let (short, other) = Self.pair([1, 2], [3, 4])
    #expect(PairedRatio.interval(of: short, to: other) == nil)
    let failed = Fixtures.result("s", "c", samples: [1, 2, 3], failure: "no")
    #expect(PairedRatio.interval(of: failed, to: other) == nil)
  }
}
