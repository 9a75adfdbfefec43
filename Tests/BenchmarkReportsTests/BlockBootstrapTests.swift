import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// The block bootstrap's spread of the median, computed over every resample,
/// against the same spread drawn from many resamples.
@Suite("the block bootstrap's spread of a median")
struct BlockBootstrapTests {
  /// The standard deviation of log(median) over `draws` circular block resamples,
  /// blocks of ⌈∛n⌉ as the computed spread takes them.
  static func drawnSpread(_ samples: [Double], draws: Int, seed: UInt64) -> Double {
    let count = samples.count
    let block = max(1, Int(cbrt(Double(count)).rounded(.up)))
    var generator = SplitMix64(seed: seed)
    var logs = [Double]()
    for _ in 0..<draws {
      var resample = [Double]()
      while resample.count < count {
        let start = generator.nextIndex(below: count)
        for offset in 0..<min(block, count - resample.count) { resample.append(samples[(start + offset) % count]) }
      }
      logs.append(log(Statistics.percentile(0.5, ofSorted: resample.sorted())))
    }
    let mean = logs.reduce(0, +) / Double(draws)
    return (logs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(draws - 1)).squareRoot()
  }

  /// Samples around 100 with a relative spread of 5%, a slow stretch of
  /// `stretch` consecutive samples at 0.6× from `at`.
  static func samples(count: Int, stretch: Int = 0, at start: Int = 0, seed: UInt64) -> [Double] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { index in
      let jitter = 1 + 0.05 * (Double(generator.next() >> 11) / Double(1 << 53) - 0.5) * 2
      return 100 * jitter * (index >= start && index < start + stretch ? 0.6 : 1)
    }
  }

  @Test(arguments: [
    (count: 41, stretch: 0), (count: 44, stretch: 0), (count: 41, stretch: 12), (count: 44, stretch: 10),
  ])
  func spread_whenComputed_isWhatManyDrawnResamplesConvergeTo(count: Int, stretch: Int) throws {
    let samples = Self.samples(count: count, stretch: stretch, at: 28, seed: UInt64(count + stretch))
    let computed = try #require(BlockBootstrap.relativeSpreadOfMedian(samples))
    let drawn = Self.drawnSpread(samples, draws: 20_000, seed: 7)
    // 20 000 draws pin a standard deviation to about 1%, more for a two-state
    // case whose spread comes from its rarer resamples. With an even count the
    // median is the mean of two order statistics, whose variance is at most the
    // mean of theirs: the computed spread may exceed the drawn one, by little.
    let ratio = computed / drawn
    if count % 2 == 1 {
      #expect(abs(ratio - 1) < 0.06, "computed \(computed), drawn \(drawn)")
    } else {
      #expect(ratio > 0.97 && ratio < 1.15, "computed \(computed), drawn \(drawn)")
    }
  }

  @Test func spread_ofATwoStateCase_doesNotHingeOnADrawCount() throws {
    // The shape of the case whose drawn spread read 0.053, 0.023 and 0.029 with
    // 50, 200 and 1000 draws: a stretch of 12 samples at 0.6× the rest.
    let samples = Self.samples(count: 41, stretch: 12, at: 28, seed: 3)
    let computed = try #require(BlockBootstrap.relativeSpreadOfMedian(samples))
    let few = (1...8).map { Self.drawnSpread(samples, draws: 50, seed: $0) }
    // Drawn with 50 resamples, the estimate scatters around the computed one.
    #expect(few.min()! < computed && computed < few.max()!, "computed \(computed), drawn \(few)")
    #expect(BlockBootstrap.relativeSpreadOfMedian(samples) == computed)
  }

  @Test func spread_withManyBlocks_takesTheCountAsNormal_andStillMatchesTheDraws() throws {
    // 216 samples: blocks of 6, 36 of them, above the normal approximation's 30.
    let samples = Self.samples(count: 216, stretch: 30, at: 100, seed: 11)
    #expect((216 + 5) / 6 - 1 >= BlockBootstrap.normalApproximationBlocks)
    let computed = try #require(BlockBootstrap.relativeSpreadOfMedian(samples))
    let drawn = Self.drawnSpread(samples, draws: 20_000, seed: 5)
    #expect(abs(computed / drawn - 1) < 0.1, "computed \(computed), drawn \(drawn)")
  }

  @Test func spread_withTooFewOrNonPositiveSamples_isNil() {
    #expect(BlockBootstrap.relativeSpreadOfMedian([1, 2]) == nil)
    #expect(BlockBootstrap.relativeSpreadOfMedian([0, 0, 0, 1, 2]) == nil)
    #expect(BlockBootstrap.relativeSpreadOfMedian([5, 5, 5, 5]) == 0)
  }
}
