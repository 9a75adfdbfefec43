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
  /// what ``interactions(among:)`` says.
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

  /// Every two pairs whose intervals do not overlap, in pair order.
  ///
  /// Two matched pairs of one axis measure the same choice beside different
  /// settings of the other axes. When their intervals are disjoint, the choice
  /// costs measurably more beside one setting than beside the other: an
  /// interaction, and the effect (their average) describes neither well. One odd
  /// strategy shows on every axis it is part of, since it sits in a pair of each.
  static func interactions(among pairs: [PairEffect]) -> [EffectInteraction] {
    var found = [EffectInteraction]()
    for first in pairs.indices {
      for second in pairs.indices where second > first {
        let a = pairs[first].interval
        let b = pairs[second].interval
        if a.upperBound < b.lowerBound || b.upperBound < a.lowerBound {
          found.append(EffectInteraction(first: pairs[first].baseline, second: pairs[second].baseline))
        }
      }
    }
    return found
  }
}
