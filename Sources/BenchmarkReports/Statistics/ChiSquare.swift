import Foundation

/// The chi-square distribution's upper quantiles, for the heterogeneity test of
/// a case's matched pairs (``EffectAnalysis/interactions(among:)``).
enum ChiSquare {
  /// The value a chi-square variable of `degreesOfFreedom` exceeds with
  /// probability `tail`.
  ///
  /// One degree of freedom: the square of the normal quantile of `tail` / 2,
  /// exactly. More: the Wilson–Hilferty cube-root approximation, within 0.5%
  /// of the tables from 2 degrees of freedom on at the tails used here
  /// (9.22 against 9.21 for 2 at 1%, 13.28 against 13.28 for 4).
  static func upperQuantile(_ tail: Double, degreesOfFreedom: Int) -> Double {
    precondition(degreesOfFreedom > 0 && tail > 0 && tail < 1)
    if degreesOfFreedom == 1 {
      let z = RunComparison.normalQuantile(upperTail: tail / 2)
      return z * z
    }
    let k = Double(degreesOfFreedom)
    let z = RunComparison.normalQuantile(upperTail: tail)
    let term = 2 / (9 * k)
    return k * pow(1 - term + z * term.squareRoot(), 3)
  }
}
