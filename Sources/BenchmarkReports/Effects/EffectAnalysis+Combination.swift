import BenchmarkKit
import Foundation

extension EffectAnalysis {
  /// The effect of a choice over its matched pairs in one case: the geometric
  /// mean of the pairs' ratios, and its 95% interval; `nil` for no pairs.
  ///
  /// In log ratio the effect is the mean of the *k* pairs' logs, and its interval
  /// that mean ± √(Σ *hᵢ*²) / *k*, where *hᵢ* is pair *i*'s half-width in log ratio
  /// (the wider side: the pairs' intervals are not symmetric). That is the
  /// half-width of a mean of independent estimates: the variance of a mean of *k*
  /// terms is the sum of their variances over *k*², and every half-width is the
  /// same multiple of its standard error. The pairs are independent because they
  /// share no case — each strategy of the matrix sits in exactly one pair of an
  /// axis, and a refinement's pairs have different bases — so no sample enters
  /// two pair ratios, and what the machine does to a round cancels within each
  /// pair (both sides were sampled in it). The interval is about the effect's
  /// *average* over the other choices; whether the pairs agree with each other is
  /// what ``interactions(among:)`` tests.
  ///
  /// Each *hᵢ* is a rerun's prediction half-width (``PairedRatio/interval(of:to:confidence:resamples:)``),
  /// so the effect's interval too says where a rerun should put the effect.
  static func combine(_ pairs: [PairEffect]) -> (ratio: Double, interval: ClosedRange<Double>)? {
    guard !pairs.isEmpty else { return nil }
    let count = Double(pairs.count)
    let centre = pairs.map { log($0.ratio) }.reduce(0, +) / count
    let halfWidth = pairs.map { logHalfWidth(of: $0) }.reduce(0) { $0 + $1 * $1 }.squareRoot() / count
    return (exp(centre), exp(centre - halfWidth)...exp(centre + halfWidth))
  }

  /// The wider side of a pair's interval, in log ratio.
  static func logHalfWidth(of pair: PairEffect) -> Double {
    max(0, log(pair.ratio / pair.interval.lowerBound), log(pair.interval.upperBound / pair.ratio))
  }

  /// How often a case whose pairs all measure one and the same effect is
  /// flagged as interacting, at most: the false-positive rate of
  /// ``interactions(among:)`` per case and choice.
  public static let interactionFalsePositiveRate = 0.01

  /// The pairs whose effects differ, when the case's pairs disagree beyond
  /// chance; empty when they do not.
  ///
  /// The pairs of one axis measure the same choice beside different settings
  /// of the other axes. Whether they disagree is one test per case and choice,
  /// a contrast of all of them at once (Cochran's Q): each pair's log ratio
  /// *yᵢ* with its standard error *sᵢ* (its 95% half-width over 1.96), the
  /// weighted mean ȳ with weights 1/*sᵢ*², and Q = Σ (*yᵢ* − ȳ)² / *sᵢ*². Were
  /// the effect the same beside every setting, Q would follow a chi-square
  /// of *k* − 1 degrees of freedom; the case is flagged when Q exceeds its
  /// upper ``interactionFalsePositiveRate`` quantile. The *sᵢ* come from
  /// prediction intervals (a rerun's noise counted too), wider than the
  /// run's own error, so a case of one effect is flagged at most that often.
  ///
  /// A flagged case names the pairs that differ: every two whose contrast
  /// |*yᵢ* − *yⱼ*| / √(*sᵢ*² + *sⱼ*²) exceeds the two-sided Bonferroni bound
  /// for the case's *k*(*k* − 1)/2 contrasts at the same rate, and where no
  /// single contrast does (the disagreement is spread), the largest one.
  /// Requiring two pairs' intervals not to overlap instead asks for a
  /// contrast of about 3.9 standard errors whatever the number of pairs: it
  /// missed most interactions and stated no rate. One odd strategy shows on
  /// every axis it takes part in, since it sits in one pair of each.
  static func interactions(among pairs: [PairEffect]) -> [EffectInteraction] {
    guard pairs.count >= 2 else { return [] }
    let logs = pairs.map { log($0.ratio) }
    // A pair whose interval has no width is as precise as the run resolves.
    let errors = pairs.map { max(logHalfWidth(of: $0) / 1.959_964, 1e-6) }
    let weights = errors.map { 1 / ($0 * $0) }
    let mean = zip(weights, logs).map(*).reduce(0, +) / weights.reduce(0, +)
    let q = zip(weights, logs).map { weight, value in weight * (value - mean) * (value - mean) }.reduce(0, +)
    let rate = interactionFalsePositiveRate
    guard q > ChiSquare.upperQuantile(rate, degreesOfFreedom: pairs.count - 1) else { return [] }
    var contrasts = [(first: Int, second: Int, z: Double)]()
    for first in pairs.indices {
      for second in pairs.indices where second > first {
        let spread = (errors[first] * errors[first] + errors[second] * errors[second]).squareRoot()
        contrasts.append((first, second, abs(logs[first] - logs[second]) / spread))
      }
    }
    let bound = RunComparison.normalQuantile(upperTail: rate / Double(2 * contrasts.count))
    var named = contrasts.filter { $0.z > bound }
    if named.isEmpty, let largest = contrasts.max(by: { $0.z < $1.z }) { named = [largest] }
    return named.map { EffectInteraction(first: pairs[$0.first].baseline, second: pairs[$0.second].baseline) }
  }
}
