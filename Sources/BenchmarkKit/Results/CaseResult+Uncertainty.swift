import Foundation

/// How a case's uncertainty is built from its samples: one place, used by a
/// pass's result and by the merged run alike.
///
/// Two components, because on these machines they differ in kind and in size:
///
/// - **Within a pass**: the samples of one process scatter around its median;
///   the bootstrap interval of the pooled median (``Statistics``) says how well
///   they pin it down. Half-width *w*.
/// - **Between passes**: each pass is a process of its own, its fixtures placed
///   elsewhere, the machine perhaps in its ×2 slower state; the pass medians
///   scatter by more than any pass's samples show. With *P* pass medians of
///   standard deviation *s*, a rerun's estimate may lie t(0.975, *P* − 1) · *s* ·
///   √(2 / *P*) from this one (``PassSpread/predictionHalfWidth(of:)``). Half-width *b*.
///
/// The published interval is a 95% *prediction* interval for a rerun of the same
/// binary: √(*b*² + 2*w*²) either side (the rerun's own within-pass noise
/// counted too), widened to hold every pass's median, so that a case whose
/// passes fell into two modes (``PassSpread/modes(of:)``) is covered in both.
///
/// Both components are taken in log space, as ratios' are: noise on these
/// machines scales with the operation (a process ×2 slower is ×2 slower at 1 ns
/// and at 60 µs), so the interval is median × e^(±h) for *h* from the log pass
/// medians and the log bootstrap interval. A wide spread then widens the
/// interval by a factor and never reaches zero: a large median stays a value
/// however noisy its passes, and only a time near the harness's own error
/// becomes a bound (``resolutionNs``). Where a log is not defined (a median, a
/// pass median or the bootstrap's low end at or below zero: net of the loop
/// cost, sub-nanosecond cases scatter around zero) the same components are
/// taken in ns, median ± *h*.
extension CaseResult {
  /// Fills in ``statistics``, ``medianInterval``, ``uncertaintyNs`` and
  /// ``passModes`` from ``samples``, ``passSampleCounts`` and the loop cost
  /// subtracted.
  public mutating func summarise(resamples: Int, seed: UInt64) {
    statistics = Statistics(samples, resamples: resamples, seed: SplitMix64.seed(for: displayName, base: seed))
    placement = sampleStackOffsets.flatMap {
      PlacementEffect(samples: samples, offsets: $0, seed: SplitMix64.seed(for: displayName + "/placement", base: seed))
    }
    guard let statistics else {
      uncertaintyNs = nil
      medianInterval = nil
      passModes = nil
      return
    }
    let medians = passMedians
    var (low, high) = Self.interval(median: statistics.median, statistics.ciLow...statistics.ciHigh, medians)
    let halfWidth = max(statistics.median - low, high - statistics.median)
    if let lowest = medians.min(), let highest = medians.max() {
      low = min(low, lowest)
      high = max(high, highest)
    }
    medianInterval = low...high
    // The reference loop is not this case's own loop: the cost removed may be
    // wrong by up to itself, and its median has an interval of its own.
    uncertaintyNs = (loopOverheadNs ?? 0) + (loopUncertaintyNs ?? 0) + max(halfWidth, high - statistics.median)
    passModes = PassSpread.modes(of: medians).map { modes in
      "passes in two modes: \(Self.range(modes.low)) and \(Self.range(modes.high)) ns"
    }
  }

  /// The prediction interval of `median` from the bootstrap interval of the
  /// pooled median and the pass medians: in log space where every value is
  /// positive, else in ns (see the extension's comment).
  public static func interval(
    median: Double, _ bootstrap: ClosedRange<Double>, _ passMedians: [Double]
  ) -> (low: Double, high: Double) {
    let combined = { (within: Double, between: Double) in (between * between + 2 * within * within).squareRoot() }
    if median > 0, bootstrap.lowerBound > 0, passMedians.allSatisfy({ $0 > 0 }) {
      let within = (log(bootstrap.upperBound) - log(bootstrap.lowerBound)) / 2
      let between = PassSpread.predictionHalfWidth(of: passMedians.map { log($0) }) ?? 0
      let halfWidth = combined(within, between)
      return (median * exp(-halfWidth), median * exp(halfWidth))
    }
    let halfWidth = combined(
      (bootstrap.upperBound - bootstrap.lowerBound) / 2, PassSpread.predictionHalfWidth(of: passMedians) ?? 0)
    return (median - halfWidth, median + halfWidth)
  }

  /// The median of each pass's samples, in pass order; passes that took none are
  /// left out. One value for results without pass counts.
  public var passMedians: [Double] {
    PassSpread.passes(of: samples, counts: passSampleCounts).compactMap { Statistics.median(Array($0)) }
  }

  private static func range(_ range: ClosedRange<Double>) -> String {
    let low = Self.short(range.lowerBound)
    let high = Self.short(range.upperBound)
    return low == high ? low : "\(low)–\(high)"
  }

  private static func short(_ value: Double) -> String {
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3
    let scale = pow10(digits)
    let rounded = (value * scale).rounded() / scale
    return digits == 0 ? String(Int(rounded)) : String(rounded)
  }

  private static func pow10(_ digits: Int) -> Double {
    (0..<digits).reduce(1.0) { value, _ in value * 10 }
  }
}
