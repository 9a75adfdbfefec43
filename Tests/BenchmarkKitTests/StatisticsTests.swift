import BenchmarkKit
import Foundation
import Testing

@Suite("Statistics")
struct StatisticsTests {
  @Test func init_whenNoSamples_isNil() {
    #expect(Statistics([]) == nil)
    #expect(Statistics.median([]) == nil)
  }

  @Test func init_whenOneSample_everyStatisticIsThatSample() throws {
    let statistics = try #require(Statistics([7.5]))
    #expect(statistics.count == 1)
    #expect(statistics.min == 7.5)
    #expect(statistics.median == 7.5)
    #expect(statistics.p90 == 7.5)
    #expect(statistics.p99 == 7.5)
    #expect(statistics.max == 7.5)
    #expect(statistics.mad == 0)
    #expect(statistics.ciLow == 7.5)
    #expect(statistics.ciHigh == 7.5)
  }

  @Test func init_whenAllZeros_everyStatisticIsZero() throws {
    let statistics = try #require(Statistics(Array(repeating: 0, count: 10)))
    #expect([statistics.min, statistics.median, statistics.p90, statistics.p99, statistics.max] == [0, 0, 0, 0, 0])
    #expect(statistics.mad == 0)
    #expect(statistics.ciLow == 0 && statistics.ciHigh == 0)
  }

  @Test func init_whenOddCount_matchesHandComputedValues() throws {
    // Sorted: 1 2 3 4 100. Median 3; deviations 2 1 0 1 97 → sorted 0 1 1 2 97, MAD 1.
    // p90: rank 0.9 × 4 = 3.6 → 4 + 0.6 × (100 − 4) = 61.6.
    let statistics = try #require(Statistics([4, 100, 1, 3, 2]))
    #expect(statistics.min == 1)
    #expect(statistics.max == 100)
    #expect(statistics.median == 3)
    #expect(statistics.mad == 1)
    #expect(abs(statistics.p90 - 61.6) < 1e-9)
    #expect(abs(statistics.p99 - (4 + 0.96 * 96)) < 1e-9)
    #expect(statistics.mean == 22)
  }

  @Test func init_whenEvenCount_medianIsMeanOfMiddlePair() throws {
    // Sorted: 1 2 4 10. Median (2 + 4) / 2 = 3; deviations 2 1 1 7 → MAD (1 + 2) / 2 = 1.5.
    let statistics = try #require(Statistics([10, 2, 1, 4]))
    #expect(statistics.median == 3)
    #expect(statistics.mad == 1.5)
    // p90: rank 0.9 × 3 = 2.7 → 4 + 0.7 × 6 = 8.2.
    #expect(abs(statistics.p90 - 8.2) < 1e-9)
  }

  @Test func percentile_atBounds_isMinAndMax() {
    let sorted: [Double] = [1, 2, 3]
    #expect(Statistics.percentile(0, ofSorted: sorted) == 1)
    #expect(Statistics.percentile(1, ofSorted: sorted) == 3)
    #expect(Statistics.percentile(0.25, ofSorted: sorted) == 1.5)
  }

  @Test func bootstrap_withSameSeed_isDeterministic() {
    let samples = (0..<40).map { Double(($0 * 37) % 23) }
    let first = Statistics.bootstrapMedianInterval(of: samples, seed: 42)
    let second = Statistics.bootstrapMedianInterval(of: samples, seed: 42)
    #expect(first == second)
    #expect(first.lowerBound <= Statistics.median(samples)!)
    #expect(first.upperBound >= Statistics.median(samples)!)
  }

  @Test func bootstrap_ofKnownDistribution_containsTrueMedianInMostTrials() {
    // Exponential with rate 1: true median ln 2. 100 seeded trials of 41 samples;
    // a 95% interval should cover it in well over 85% of them.
    var generator = SplitMix64(seed: 2024)
    let trueMedian = 0.6931471805599453
    var covered = 0
    let trials = 100
    for trial in 0..<trials {
      let samples = (0..<41).map { _ in
        -log(1 - Double(generator.next() >> 11) / Double(1 << 53))
      }
      let interval = Statistics.bootstrapMedianInterval(of: samples, resamples: 300, seed: UInt64(trial))
      if interval.contains(trueMedian) { covered += 1 }
    }
    #expect(covered >= trials * 85 / 100, "covered \(covered) of \(trials)")
  }
}
