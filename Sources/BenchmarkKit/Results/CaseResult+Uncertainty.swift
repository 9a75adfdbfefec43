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
/// binary: median ± √(*b*² + 2*w*²) (the rerun's own within-pass noise counted
/// too), widened to hold every pass's median, so that a case whose passes fell
/// into two modes (``PassSpread/modes(of:)``) is covered in both.
extension CaseResult {
  /// Fills in ``statistics``, ``medianInterval``, ``uncertaintyNs`` and
  /// ``passModes`` from ``samples``, ``passSampleCounts`` and the loop cost
  /// subtracted.
  public mutating func summarise(resamples: Int, seed: UInt64) {
    statistics = Statistics(samples, resamples: resamples, seed: SplitMix64.seed(for: displayName, base: seed))
    guard let statistics else {
      uncertaintyNs = nil
      medianInterval = nil
      passModes = nil
      return
    }
    let medians = passMedians
    let within = (statistics.ciHigh - statistics.ciLow) / 2
    let between = PassSpread.predictionHalfWidth(of: medians) ?? 0
    let halfWidth = (between * between + 2 * within * within).squareRoot()
    var low = statistics.median - halfWidth
    var high = statistics.median + halfWidth
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
