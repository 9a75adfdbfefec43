import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// The interaction test of a case's matched pairs: a contrast of all of them
/// at once, flagging a case of one effect at most at its stated rate.
@Suite("Interaction contrast test")
struct InteractionTestTests {
  /// A pair of log ratio `log` whose 95% interval is ± 1.96 `error` in log.
  static func pair(_ name: String, log value: Double, error: Double) -> PairEffect {
    let half = 1.959_964 * error
    return PairEffect(
      baseline: name, alternative: name + "'", ratio: exp(value), interval: exp(value - half)...exp(value + half))
  }

  /// `count` pairs measuring the same effect 0.3 in log, each estimate off by
  /// its own normal error (errors between 0.02 and 0.1).
  static func nullCase(_ generator: inout SplitMix64, count: Int) -> [PairEffect] {
    (0..<count).map { index in
      let error = 0.02 + 0.08 * Double(generator.next() % 1000) / 1000
      return pair("p\(index)", log: 0.3 + error * generator.nextGaussian(), error: error)
    }
  }

  @Test(arguments: [2, 4, 6])
  func interactions_onCasesOfOneEffect_flagAtMostTheStatedRate(pairs: Int) {
    var generator = SplitMix64(seed: 20_261_206 &+ UInt64(pairs))
    let trials = 4000
    let flagged = (0..<trials).filter { _ in
      !EffectAnalysis.interactions(among: Self.nullCase(&generator, count: pairs)).isEmpty
    }.count
    // 1% of 4000 is 40; 70 is more than 4.7 standard deviations above it.
    #expect(flagged <= 70, "\(flagged) of \(trials) flagged at \(pairs) pairs")
    // And the test is not mute: a rate far below the stated one would mean
    // the statistic is mis-scaled.
    #expect(flagged >= 15, "\(flagged) of \(trials) flagged at \(pairs) pairs")
  }

  @Test func interactions_whenOnePairDiffersBySixErrors_flagItAndNameIt() {
    var generator = SplitMix64(seed: 7)
    var flaggedCases = 0
    var misnamed = 0
    for _ in 0..<200 {
      var pairs = Self.nullCase(&generator, count: 4)
      let odd = pairs[2]
      let shift = 6 * 0.1
      pairs[2] = PairEffect(
        baseline: odd.baseline, alternative: odd.alternative, ratio: odd.ratio * exp(shift),
        interval: (odd.interval.lowerBound * exp(shift))...(odd.interval.upperBound * exp(shift)))
      let found = EffectAnalysis.interactions(among: pairs)
      guard !found.isEmpty else { continue }
      if found.contains(where: { $0.first == "p2" || $0.second == "p2" }) { flaggedCases += 1 }
      if found.contains(where: { $0.first != "p2" && $0.second != "p2" }) { misnamed += 1 }
    }
    #expect(flaggedCases >= 190, "\(flaggedCases) of 200")
    // Two null pairs named together: at most the rate's share of cases, by chance.
    #expect(misnamed <= 6, "\(misnamed) of 200")
  }

  @Test func interactions_whenPairsOverlapButDisagreeBeyondChance_areFlagged() {
    // Four pairs at ±1.8 errors: every two intervals overlap, so the old rule
    // (disjoint intervals) saw nothing; together they disagree beyond chance
    // (Q = 4 × 1.8² = 13.0 against 11.3 for 3 degrees of freedom at 1%).
    let pairs = [-1.8, 1.8, -1.8, 1.8].enumerated().map { index, z in
      Self.pair("p\(index)", log: 0.5 + z * 0.05, error: 0.05)
    }
    for first in pairs.indices {
      for second in pairs.indices where second > first {
        #expect(pairs[first].interval.upperBound >= pairs[second].interval.lowerBound)
        #expect(pairs[second].interval.upperBound >= pairs[first].interval.lowerBound)
      }
    }
    #expect(!EffectAnalysis.interactions(among: pairs).isEmpty)
  }

  @Test func interactions_whenOnePairOrNone_areEmpty() {
    #expect(EffectAnalysis.interactions(among: []).isEmpty)
    #expect(EffectAnalysis.interactions(among: [Self.pair("p", log: 1, error: 0.01)]).isEmpty)
  }

  @Test func chiSquareQuantiles_matchTheTables() {
    let tables: [(Int, Double)] = [(1, 6.635), (2, 9.210), (3, 11.345), (4, 13.277), (6, 16.812), (10, 23.209)]
    for (degrees, expected) in tables {
      let value = ChiSquare.upperQuantile(0.01, degreesOfFreedom: degrees)
      #expect(abs(value - expected) / expected < 0.005, "\(degrees): \(value) against \(expected)")
    }
  }
}
