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
