import BenchmarkKit

/// The ratio of two strategies measured in the same run, as the median of their
/// per-round ratios.
///
/// The runner samples the strategies of one scenario and size round-robin, so
/// sample *i* of one strategy was taken right beside sample *i* of another: when
/// the machine drifts between a fast and a slow state, both move together and
/// their ratio does not. The median of the per-round ratios cancels that drift,
/// which a ratio of the two medians does not; it is the quantity to gate on.
public enum PairedRatio {
  /// The median of `numerator[i] / denominator[i]` over the rounds both have, or
  /// `nil` when they share none or a denominator sample is not positive.
  public static func median(_ numerator: [Double], over denominator: [Double]) -> Double? {
    let rounds = min(numerator.count, denominator.count)
    guard rounds > 0 else { return nil }
    var ratios = [Double]()
    ratios.reserveCapacity(rounds)
    for round in 0..<rounds {
      guard denominator[round] > 0, denominator[round].isFinite, numerator[round].isFinite else { return nil }
      ratios.append(numerator[round] / denominator[round])
    }
    return Statistics.median(ratios)
  }

  /// The ratio of `result` to `reference`: the paired median when both have
  /// per-round samples, else the ratio of their medians; `nil` when the
  /// reference's median is not positive or either case failed.
  public static func of(_ result: CaseResult, to reference: CaseResult) -> Double? {
    guard result.failure == nil, reference.failure == nil,
      let median = result.statistics?.median, let referenceMedian = reference.statistics?.median,
      referenceMedian > 0
    else { return nil }
    return Self.median(result.samples, over: reference.samples) ?? median / referenceMedian
  }
}
