import BenchmarkKit
import Foundation

extension IntervalCoverage {
  /// How wide the first run's compared intervals are: the median over the
  /// entries of ``Tally`` of each interval's half-span as a factor,
  /// √(high / low) (×1.10 for an interval from median ÷ 1.1 to median × 1.1).
  ///
  /// Coverage alone rewards width: an interval from 0 to infinity covers
  /// everything. Read beside the coverage, the width says what the coverage
  /// cost; between two versions of the intervals, whether a gain in coverage
  /// came from honesty or from width. Entries whose low end is 0 or below (a
  /// low end published as a bound) have no factor and are left out.
  public struct Widths: Sendable {
    /// The median half-span factor of the ratios' intervals, `nil` when none has one.
    public var ratios: Double?
    /// The median half-span factor of the medians' intervals, `nil` when none has one.
    public var medians: Double?
  }

  /// The widths of the intervals ``ratios`` and ``medians`` compared.
  public var widths: Widths {
    Widths(ratios: Self.medianHalfSpan(of: ratios), medians: Self.medianHalfSpan(of: medians))
  }

  private static func medianHalfSpan(of tally: Tally) -> Double? {
    let factors = tally.entries.compactMap { entry -> Double? in
      let interval = entry.interval
      guard interval.lowerBound > 0, interval.upperBound.isFinite else { return nil }
      return (interval.upperBound / interval.lowerBound).squareRoot()
    }
    return Statistics.median(factors)
  }
}
