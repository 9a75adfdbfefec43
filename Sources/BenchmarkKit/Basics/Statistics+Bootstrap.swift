extension Statistics {
  /// A percentile bootstrap confidence interval of the median of `samples`.
  ///
  /// Draws `resamples` resamples with replacement, takes each one's median and
  /// returns the central `confidence` share of those medians. The generator is
  /// seeded, so the same samples and seed always give the same interval. One
  /// sample gives a zero-width interval at that sample.
  ///
  /// - Precondition: `samples` is non-empty.
  /// - Complexity: O(*r* · *n* log *n*).
  public static func bootstrapMedianInterval(
    of samples: [Double],
    resamples: Int = 1000,
    confidence: Double = 0.95,
    seed: UInt64 = 0
  ) -> ClosedRange<Double> {
    precondition(!samples.isEmpty, "bootstrap of no samples")
    guard samples.count > 1, resamples > 0 else {
      let only = percentile(0.5, ofSorted: samples.sorted())
      return only...only
    }
    var generator = SplitMix64(seed: seed)
    var medians = [Double]()
    medians.reserveCapacity(resamples)
    var resample = [Double](repeating: 0, count: samples.count)
    for _ in 0..<resamples {
      for slot in resample.indices {
        resample[slot] = samples[generator.nextIndex(below: samples.count)]
      }
      resample.sort()
      medians.append(percentile(0.5, ofSorted: resample))
    }
    medians.sort()
    let tail = (1 - confidence) / 2
    return percentile(tail, ofSorted: medians)...percentile(1 - tail, ofSorted: medians)
  }
}
