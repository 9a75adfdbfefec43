import Foundation

/// The Mann–Whitney U test of two independent sets of samples: does one tend to
/// be larger than the other?
///
/// Rank-based, so it needs no assumption about the shape of the distributions and
/// a few preempted samples (the long tail of a shared machine) cannot dominate it
/// the way they dominate a t-test. The p-value uses the normal approximation with
/// the tie correction and a continuity correction, which is close to exact from
/// about eight samples a side; with fewer it is conservative.
public struct MannWhitneyU: Hashable, Sendable {
  /// U of the second sample set: how many of the (x, y) pairs have y > x, ties counting half.
  public var u: Double
  /// The probability that a sample of the second set exceeds one of the first, 0…1.
  public var superiority: Double
  /// The two-sided p-value of "both sets come from the same distribution".
  public var pValue: Double

  /// Tests `second` against `first`, or returns `nil` when either is empty.
  ///
  /// - Complexity: O((*m* + *n*) log(*m* + *n*)).
  public init?(_ first: [Double], _ second: [Double]) {
    let m = Double(first.count)
    let n = Double(second.count)
    guard m > 0, n > 0 else { return nil }
    let pooled = (first.map { ($0, false) } + second.map { ($0, true) }).sorted { $0.0 < $1.0 }
    var secondRankSum = 0.0
    var tieTerm = 0.0
    var start = 0
    while start < pooled.count {
      var end = start
      while end + 1 < pooled.count && pooled[end + 1].0 == pooled[start].0 { end += 1 }
      // Tied values share the mean of the ranks they span (ranks are 1-based).
      let rank = Double(start + end + 2) / 2
      let ties = Double(end - start + 1)
      tieTerm += ties * ties * ties - ties
      for index in start...end where pooled[index].1 { secondRankSum += rank }
      start = end + 1
    }
    u = secondRankSum - n * (n + 1) / 2
    superiority = u / (m * n)
    let total = m + n
    let variance = m * n / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
    guard variance > 0 else {
      // Every sample equal: nothing tells the sets apart.
      pValue = 1
      return
    }
    let distance = max(0, abs(u - m * n / 2) - 0.5)
    pValue = min(1, erfc(distance / variance.squareRoot() / 2.0.squareRoot()))
  }
}
