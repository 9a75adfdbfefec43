import BenchmarkKit

/// The ratio of two strategies measured in the same run, as the median of their
/// per-round ratios.
///
/// The runner samples the strategies of one scenario and size round-robin, so
/// the sample one strategy took in round *r* of pass *p* was taken right beside
/// the other's of the same (pass, round): when the machine drifts between a fast
/// and a slow state, both move together and their ratio does not. The median of
/// the per-round ratios cancels that drift, which a ratio of the two medians does
/// not; it is the quantity to gate on.
public enum PairedRatio {
  /// One (pass, round) both cases sampled: the numerator's and the reference's sample.
  public struct Pair: Hashable, Sendable {
    /// The pass, 0-based.
    public var pass: Int
    /// The numerator case's sample.
    public var numerator: Double
    /// The reference's sample.
    public var denominator: Double
  }

  /// The samples of `result` and `reference` taken in the same (pass, round), in
  /// pass and round order; rounds where either side has no sample are dropped.
  ///
  /// Results written before rounds were recorded pair by position within each
  /// pass, and before passes were recorded, by position.
  public static func pairs(_ result: CaseResult, _ reference: CaseResult) -> [Pair] {
    pairs(
      result.samples, counts: result.passSampleCounts, rounds: result.sampleRounds,
      with: reference.samples, counts: reference.passSampleCounts, rounds: reference.sampleRounds)
  }

  /// ``pairs(_:_:)`` on bare samples: `counts` are the samples per pass,
  /// `rounds` each sample's round within its pass.
  public static func pairs(
    _ numerator: [Double], counts numeratorCounts: [Int]?, rounds numeratorRounds: [Int]?,
    with denominator: [Double], counts denominatorCounts: [Int]?, rounds denominatorRounds: [Int]?
  ) -> [Pair] {
    let top = keyed(numerator, counts: numeratorCounts, rounds: numeratorRounds)
    let bottom = keyed(denominator, counts: denominatorCounts, rounds: denominatorRounds)
    let lookup = Dictionary(bottom.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    return top.compactMap { entry in
      lookup[entry.key].map { Pair(pass: entry.key.pass, numerator: entry.value, denominator: $0) }
    }
  }

  private struct Slot: Hashable {
    var pass: Int
    var round: Int
  }

  /// Each sample with its (pass, round).
  private static func keyed(_ samples: [Double], counts: [Int]?, rounds: [Int]?) -> [(key: Slot, value: Double)] {
    let counts = counts.flatMap { $0.reduce(0, +) == samples.count ? $0 : nil } ?? [samples.count]
    let rounds = rounds.flatMap { $0.count == samples.count ? $0 : nil }
    var keyed = [(key: Slot, value: Double)]()
    keyed.reserveCapacity(samples.count)
    var index = 0
    for (pass, count) in counts.enumerated() {
      for position in 0..<count {
        keyed.append((Slot(pass: pass, round: rounds?[index] ?? position), samples[index]))
        index += 1
      }
    }
    return keyed
  }

  /// The median of `numerator[i] / denominator[i]` over the rounds both have, or
  /// `nil` when they share none or a denominator sample is not positive.
  public static func median(_ numerator: [Double], over denominator: [Double]) -> Double? {
    let rounds = min(numerator.count, denominator.count)
    guard rounds > 0 else { return nil }
    return median(of: (0..<rounds).map { Pair(pass: 0, numerator: numerator[$0], denominator: denominator[$0]) })
  }

  /// The median of the pairs' ratios, or `nil` when there are none or a
  /// denominator is not positive.
  public static func median(of pairs: [Pair]) -> Double? {
    guard !pairs.isEmpty else { return nil }
    var ratios = [Double]()
    ratios.reserveCapacity(pairs.count)
    for pair in pairs {
      guard pair.denominator > 0, pair.denominator.isFinite, pair.numerator.isFinite else { return nil }
      ratios.append(pair.numerator / pair.denominator)
    }
    return Statistics.median(ratios)
  }

  /// The ratio of `result` to `reference`: the paired median over the (pass,
  /// round)s both sampled, else the ratio of their medians; `nil` when the
  /// reference's median is not positive or either case failed.
  public static func of(_ result: CaseResult, to reference: CaseResult) -> Double? {
    guard result.failure == nil, reference.failure == nil,
      let median = result.statistics?.median, let referenceMedian = reference.statistics?.median,
      referenceMedian > 0
    else { return nil }
    return Self.median(of: pairs(result, reference)) ?? median / referenceMedian
  }
}
