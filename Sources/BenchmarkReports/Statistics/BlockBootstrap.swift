import BenchmarkKit
import Foundation

/// The sampling spread of a median when consecutive samples are not independent.
///
/// A shared machine has slow stretches: samples taken one after another are
/// alike, and the plain bootstrap interval of the median (``Statistics``), which
/// treats them as independent, comes out too narrow. Resampling blocks of ⌈∛n⌉
/// consecutive samples (a circular moving-block bootstrap) keeps those stretches
/// together, so the spread it reports is the one a rerun shows.
public enum BlockBootstrap {
  /// The standard deviation of log(median) over block-bootstrap resamples of
  /// `samples` (a relative spread: 0.02 is 2%), or `nil` with fewer than 3
  /// samples or a resampled median that is not positive. Seeded by `seed`.
  ///
  /// - Complexity: O(*r* · *n* log *n*) for *r* resamples of *n* samples.
  public static func relativeSpreadOfMedian(_ samples: [Double], resamples: Int = 200, seed: UInt64 = 0) -> Double? {
    let count = samples.count
    guard count >= 3, resamples > 1 else { return nil }
    let block = max(1, Int(cbrt(Double(count)).rounded(.up)))
    var generator = SplitMix64(seed: seed)
    var logs = [Double]()
    logs.reserveCapacity(resamples)
    var resample = [Double]()
    resample.reserveCapacity(count)
    for _ in 0..<resamples {
      resample.removeAll(keepingCapacity: true)
      while resample.count < count {
        let start = generator.nextIndex(below: count)
        for offset in 0..<min(block, count - resample.count) { resample.append(samples[(start + offset) % count]) }
      }
      resample.sort()
      let median = Statistics.percentile(0.5, ofSorted: resample)
      guard median > 0 else { return nil }
      logs.append(log(median))
    }
    let mean = logs.reduce(0, +) / Double(logs.count)
    return (logs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(logs.count - 1)).squareRoot()
  }
}
