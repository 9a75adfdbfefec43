/// What a run publishes for one case: each time as a value or a bound, and its
/// ratio to `apple` with the ratio's 95% interval.
///
/// ``CaseResult/samples`` and ``CaseResult/statistics`` keep the raw measurement
/// (net of the harness's overhead, unrounded: below the resolution they scatter
/// around zero, so single samples can be negative); these are the figures that
/// reports print, and the only ones a reader should quote.
public struct PublishedFigures: Codable, Hashable, Sendable {
  /// The smallest time the case can publish as a number, in ns.
  public var resolutionNs: Double
  /// The median time per operation.
  public var medianNs: Figure
  /// The 90th percentile.
  public var p90Ns: Figure
  /// The fastest sample.
  public var minNs: Figure
  /// The 95% interval of the median, low end (a bound when under the resolution).
  public var ciLowNs: Figure
  /// The 95% interval of the median, high end.
  public var ciHighNs: Figure
  /// The ratio to `apple` in the same run (median of per-round ratios), or `nil`
  /// when the run has no `apple` case beside this one.
  public var ratioToApple: Figure?
  /// The 95% interval of that ratio, when it is a value.
  public var ratioInterval: ClosedRange<Double>?
  /// The scenario's rerun shift of ratios (``RerunShift``, a log ratio) that
  /// ``ratioInterval`` was widened to reach, when it was.
  public var ratioShift: Double?
  /// The time observation adds above `none` of the same scenario and size: the
  /// median minus `none`'s, in ns; a bound (`< x`) when its interval reaches 0;
  /// `nil` where `none`'s median does not resolve (or for `none` itself).
  public var overheadNs: Figure?
  /// The 95% interval of ``overheadNs`` when it is a value: each end the worst
  /// case of the two medians' published intervals.
  public var overheadInterval: ClosedRange<Double>?
  /// ``overheadNs`` as a share of `apple`'s overhead above `none` (1 = the same
  /// overhead as apple); `nil` where apple's overhead is not a value.
  public var overheadShareOfApple: Figure?
  /// The 95% interval of that share, from the two overheads' intervals.
  public var overheadShareInterval: ClosedRange<Double>?
  /// In a store workload, the time a store strategy's observation adds above
  /// the store floor (`store-floor`: the same store with nothing observed) of
  /// the same scenario and size, in ns: what observation costs once the
  /// store's own routing is taken out; a bound (`< x`) when its interval
  /// reaches 0; `nil` where the scenario has no store floor or it does not
  /// resolve.
  public var overStoreFloorNs: Figure?
  /// The 95% interval of ``overStoreFloorNs`` when it is a value.
  public var overStoreFloorInterval: ClosedRange<Double>?
  /// ``overStoreFloorNs`` as a share of `apple`'s overhead above `none`: the
  /// two observations' costs, each above its own floor (1 = the same).
  public var overStoreFloorShareOfApple: Figure?
  /// The 95% interval of that share.
  public var overStoreFloorShareInterval: ClosedRange<Double>?
  /// The case against the cheapest strategy of its scenario and size; `nil` for
  /// `apple`, `none` and cases without figures.
  public var versusCheapest: CheapestComparison?
  /// Where the case stands on time, notifications and allocations among the
  /// strategies of a headline scenario; `nil` elsewhere.
  public var choice: ChoiceStanding?

  /// Creates published figures.
  public init(
    resolutionNs: Double, medianNs: Figure, p90Ns: Figure, minNs: Figure, ciLowNs: Figure, ciHighNs: Figure,
    ratioToApple: Figure? = nil, ratioInterval: ClosedRange<Double>? = nil
  ) {
    self.resolutionNs = resolutionNs
    self.medianNs = medianNs
    self.p90Ns = p90Ns
    self.minNs = minNs
    self.ciLowNs = ciLowNs
    self.ciHighNs = ciHighNs
    self.ratioToApple = ratioToApple
    self.ratioInterval = ratioInterval
  }

  /// Whether the ratio's interval is wider than the ratio itself: the ratio says
  /// little beyond its order of magnitude, and reports mark it.
  public var ratioIsImprecise: Bool {
    guard let ratio = ratioToApple?.value, let interval = ratioInterval else { return false }
    return interval.upperBound - interval.lowerBound > ratio
  }
}
