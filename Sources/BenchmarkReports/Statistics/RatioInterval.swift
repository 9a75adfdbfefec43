import BenchmarkKit

/// A bootstrap confidence interval of the ratio of two medians,
/// median(current) / median(baseline), from independent sample sets.
///
/// Each resample draws both sets with replacement and takes the ratio of their
/// medians; the interval is the central share of those ratios. Seeded, so the
/// same samples always give the same interval and reports diff cleanly.
public enum RatioInterval {
  /// The `confidence` interval of median(`current`) / median(`baseline`), or
  /// `nil` when either set is empty or a resampled baseline median is not positive.
  ///
  /// - Complexity: O(*r* · (*m* log *m* + *n* log *n*)) for *r* resamples.
  public static func bootstrap(
    baseline: [Double], current: [Double], resamples: Int = 1000, confidence: Double = 0.99, seed: UInt64 = 0
  ) -> ClosedRange<Double>? {
    guard !baseline.isEmpty, !current.isEmpty, resamples > 0 else { return nil }
    var generator = SplitMix64(seed: seed)
    var ratios = [Double]()
    ratios.reserveCapacity(resamples)
    var before = [Double](repeating: 0, count: baseline.count)
    var after = [Double](repeating: 0, count: current.count)
    for _ in 0..<resamples {
      for slot in before.indices { before[slot] = baseline[generator.nextIndex(below: baseline.count)] }
      for slot in after.indices { after[slot] = current[generator.nextIndex(below: current.count)] }
      before.sort()
      after.sort()
      let denominator = Statistics.percentile(0.5, ofSorted: before)
      // A median at or below zero (an operation cheaper than the subtracted loop)
      // has no meaningful ratio.
      guard denominator > 0 else { return nil }
      ratios.append(Statistics.percentile(0.5, ofSorted: after) / denominator)
    }
    ratios.sort()
    let tail = (1 - confidence) / 2
    return Statistics.percentile(tail, ofSorted: ratios)...Statistics.percentile(1 - tail, ofSorted: ratios)
  }
}
