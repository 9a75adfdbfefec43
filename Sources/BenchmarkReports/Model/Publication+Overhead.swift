import BenchmarkKit

extension Publication {
  /// What observation adds to a case above `none` of the same scenario and size,
  /// in ns, as a figure with its 95% interval; `nil` when `none`'s median is not
  /// a value (nothing to subtract) or the case's median is unresolved.
  ///
  /// The interval is propagated conservatively from the two published median
  /// intervals, each end the worst case: from the case's low end minus `none`'s
  /// high end to the case's high end minus `none`'s low end. Pairing by (pass,
  /// round) would be tighter; this never claims more than the two published
  /// intervals allow. A low end published as a bound counts as 0, a high end as
  /// its bound.
  ///
  /// Never negative: a difference whose interval reaches 0 or below is published
  /// as an upper bound, its interval's high end (at least the case's
  /// resolution); so is a case whose median is itself a bound (that bound minus
  /// `none`'s low end). A bound that would not be positive leaves the overhead
  /// unresolved.
  static func overhead(
    of figures: PublishedFigures, floor: PublishedFigures
  ) -> (Figure, ClosedRange<Double>?)? {
    guard case .value(let floorMedian) = floor.medianNs else { return nil }
    let floorLow = floor.ciLowNs.value ?? 0
    let floorHigh = floor.ciHighNs.number ?? floorMedian
    let bound = { (high: Double) -> (Figure, ClosedRange<Double>?) in
      let bound = max(high, figures.resolutionNs)
      return (bound > 0 ? .below(bound) : .unresolved, nil)
    }
    switch figures.medianNs {
    case .value(let median):
      let low = (figures.ciLowNs.value ?? 0) - floorHigh
      let high = (figures.ciHighNs.number ?? median) - floorLow
      let overhead = median - floorMedian
      guard low > 0, overhead > 0, high >= overhead else { return bound(high) }
      return (.value(overhead), low...high)
    case .below(let median):
      return bound(median - floorLow)
    case .above, .unresolved:
      return nil
    }
  }

  /// A case's overhead as a share of apple's, with its interval (the case's low
  /// end over apple's high end, and so on): a value when both are values, an
  /// upper bound when the case's is one; `nil` when apple's is not a value.
  static func share(
    _ overhead: (Figure, ClosedRange<Double>?), of apple: (Figure, ClosedRange<Double>?)
  ) -> (Figure, ClosedRange<Double>?)? {
    guard case .value(let appleValue) = apple.0, let appleInterval = apple.1, appleInterval.lowerBound > 0 else {
      return nil
    }
    switch overhead.0 {
    case .value(let value):
      guard let interval = overhead.1 else { return nil }
      return (
        .value(value / appleValue),
        (interval.lowerBound / appleInterval.upperBound)...(interval.upperBound / appleInterval.lowerBound)
      )
    case .below(let bound):
      return (.below(bound / appleInterval.lowerBound), nil)
    case .above, .unresolved:
      return nil
    }
  }
}
