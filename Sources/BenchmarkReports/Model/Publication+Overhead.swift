import BenchmarkKit

extension Publication {
  /// What observation adds to a case above `floor` (`none`, or the store
  /// floor) of the same scenario and size, in ns, as a figure with its 95%
  /// interval; `nil` when the case's median is unresolved, or the floor's is
  /// and the case has no interval to subtract it from.
  ///
  /// Paired where both medians resolve, as ratios are: the two cases were
  /// sampled side by side in the same (pass, round)s, so the share of the
  /// case's time that is overhead, 1 − 1/r for their paired ratio r
  /// (``PairedRatio``), is pinned down however the machine drifted; only the
  /// scale, the case's own median, carries the between-pass spread. The
  /// interval is the case's median interval times that share's: from its low
  /// end × (1 − 1/r_low) to its high end × (1 − 1/r_high), widened to hold the
  /// difference of the medians, the published value. Subtracting the two
  /// median intervals end against end instead counts the machine's ×2 state
  /// twice, once per side, and turned a clear 57 µs overhead above 0.5 µs
  /// into a bound.
  ///
  /// A floor below the run's resolution (`none` of a sub-nanosecond
  /// workload, published `< b`) lies somewhere in 0…b: the overhead is the
  /// case's median less the floor's measured median, its interval the case's
  /// less 0…b, a value when that stays above zero.
  ///
  /// Never negative: a difference whose interval reaches the harness's own
  /// error or below (the paired ratio's interval holds 1, or the difference
  /// is one the loop cost removed could have made) is published as an upper
  /// bound, its
  /// interval's high end (at least the case's resolution); so is a case whose
  /// median is itself a bound (that bound minus the floor's low end). A bound
  /// that would not be positive leaves the overhead unresolved.
  static func overhead(
    of result: CaseResult, floor: CaseResult
  ) -> (Figure, ClosedRange<Double>?)? {
    guard let figures = result.published, let floorFigures = floor.published else { return nil }
    if case .value(let median) = figures.medianNs, case .below(let floorBound) = floorFigures.medianNs,
      let interval = result.medianInterval, let floorMedian = floor.statistics?.median
    {
      // The floor under what the run resolves: its median lies in 0…bound.
      let overhead = median - min(max(floorMedian, 0), floorBound)
      let low = interval.lowerBound - floorBound
      guard low > 0 else { return (.below(max(interval.upperBound, figures.resolutionNs)), nil) }
      return (.value(overhead), min(low, overhead)...max(interval.upperBound, overhead))
    }
    guard case .value(let median) = figures.medianNs, case .value(let floorMedian) = floorFigures.medianNs,
      let interval = result.medianInterval, let ratio = PairedRatio.interval(of: result, to: floor)
    else { return overhead(of: figures, floor: floorFigures) }
    let overhead = median - floorMedian
    let fraction = { (ratio: Double) in 1 - 1 / ratio }
    let low = min(interval.lowerBound * fraction(ratio.lowerBound), overhead)
    let high = max(interval.upperBound * fraction(ratio.upperBound), overhead)
    guard low > result.harnessUncertaintyNs else {
      let bound = max(high, figures.resolutionNs)
      return (bound > 0 ? .below(bound) : .unresolved, nil)
    }
    return (.value(overhead), low...high)
  }

  /// ``overhead(of:floor:)-(CaseResult,_)`` from the published figures alone,
  /// where the two cases cannot be paired: a median or `none`'s a bound, or
  /// fewer than 3 rounds both sampled.
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
