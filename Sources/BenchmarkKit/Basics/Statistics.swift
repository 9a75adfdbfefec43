/// Summary statistics of one case's samples (nanoseconds per operation).
///
/// Percentiles interpolate linearly between the two nearest ranks (the "type 7"
/// definition of R and NumPy), so the median of an even count is the mean of the
/// two middle samples. ``mad`` is the unscaled median absolute deviation from the
/// median. The confidence interval is a seeded percentile bootstrap of the median
/// (see ``Statistics/bootstrapMedianInterval(of:resamples:confidence:seed:)``).
public struct Statistics: Codable, Hashable, Sendable {
  /// The number of samples.
  public var count: Int
  /// The smallest sample.
  public var min: Double
  /// The 50th percentile.
  public var median: Double
  /// The 90th percentile.
  public var p90: Double
  /// The 99th percentile.
  public var p99: Double
  /// The largest sample.
  public var max: Double
  /// The arithmetic mean.
  public var mean: Double
  /// The median absolute deviation from the median (unscaled).
  public var mad: Double
  /// The lower bound of the bootstrap confidence interval of the median.
  public var ciLow: Double
  /// The upper bound of the bootstrap confidence interval of the median.
  public var ciHigh: Double

  /// Summarises `samples`, or returns `nil` when there are none.
  ///
  /// - Parameters:
  ///   - samples: The samples, in any order.
  ///   - resamples: Bootstrap resamples for the confidence interval.
  ///   - confidence: The interval's coverage, e.g. 0.95.
  ///   - seed: Fixes the bootstrap, so equal samples give equal intervals.
  /// - Complexity: O(*r* · *n* log *n*) for *r* resamples of *n* samples.
  public init?(
    _ samples: [Double],
    resamples: Int = 1000,
    confidence: Double = 0.95,
    seed: UInt64 = 0
  ) {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    count = sorted.count
    min = sorted.first!
    max = sorted.last!
    median = Statistics.percentile(0.5, ofSorted: sorted)
    p90 = Statistics.percentile(0.9, ofSorted: sorted)
    p99 = Statistics.percentile(0.99, ofSorted: sorted)
    mean = sorted.reduce(0, +) / Double(sorted.count)
    mad = Statistics.medianAbsoluteDeviation(ofSorted: sorted, median: median)
    let interval = Statistics.bootstrapMedianInterval(
      of: sorted, resamples: resamples, confidence: confidence, seed: seed
    )
    ciLow = interval.lowerBound
    ciHigh = interval.upperBound
  }
}

extension Statistics {
  /// The `fraction` percentile (0…1) of ascending `sorted`, interpolated linearly.
  ///
  /// - Precondition: `sorted` is non-empty and ascending.
  public static func percentile(_ fraction: Double, ofSorted sorted: [Double]) -> Double {
    precondition(!sorted.isEmpty, "percentile of no samples")
    let clamped = Swift.min(Swift.max(fraction, 0), 1)
    let rank = clamped * Double(sorted.count - 1)
    let lower = Int(rank.rounded(.down))
    let upper = Swift.min(lower + 1, sorted.count - 1)
    let weight = rank - Double(lower)
    // Written as a + w(b - a) rather than (1-w)a + wb so equal neighbours give
    // exactly that value, without rounding.
    return sorted[lower] + weight * (sorted[upper] - sorted[lower])
  }

  /// The median of `values`, or `nil` when empty.
  public static func median(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : percentile(0.5, ofSorted: values.sorted())
  }

  /// The median absolute deviation of ascending `sorted` around `median`.
  public static func medianAbsoluteDeviation(ofSorted sorted: [Double], median: Double) -> Double {
    let deviations = sorted.map { abs($0 - median) }.sorted()
    return percentile(0.5, ofSorted: deviations)
  }
}
