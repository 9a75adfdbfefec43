import BenchmarkKit

extension Publication {
  /// Where each candidate among `cases` (one scenario and size) stands on time,
  /// notifications and allocations per operation, by position in `cases`.
  ///
  /// A candidate is dominated when another is at least as good on all three and
  /// strictly better on one. On time, "at least as good" is "not measurably
  /// slower" and "better" is "measurably faster": the 95% interval of their paired
  /// ratio (``PairedRatio/interval(of:to:confidence:resamples:)``) lies wholly on
  /// that side of 1; without an interval they count as equal. Counts per
  /// operation are equal within ``countTolerance(_:_:)``; a count not recorded
  /// counts as equal. Only candidates whose median resolves are judged.
  static func choices(_ cases: [CaseResult]) -> [(Int, ChoiceStanding)] {
    let judged = candidates(cases).filter { cases[$0].published?.medianNs.value != nil }
    var intervals = [Pair: ClosedRange<Double>?]()
    // The interval of a / b, computed once per pair (b / a is its reciprocal).
    let interval = { (a: Int, b: Int) -> ClosedRange<Double>? in
      if let known = intervals[Pair(a, b)] { return known }
      if let known = intervals[Pair(b, a)] { return known.map { (1 / $0.upperBound)...(1 / $0.lowerBound) } }
      let computed = PairedRatio.interval(of: cases[a], to: cases[b], confidence: 0.95)
      intervals[Pair(a, b)] = .some(computed)
      return computed
    }
    return judged.map { b in
      let dominator = judged.first { a in
        guard a != b else { return false }
        let counts = [
          compare(cases[a].notificationsPerOperation, cases[b].notificationsPerOperation),
          compare(cases[a].allocationsPerOperation, cases[b].allocationsPerOperation),
        ]
        guard !counts.contains(.worse) else { return false }
        let time: Standing
        if let ratio = interval(a, b) {
          time = ratio.upperBound < 1 ? .better : ratio.lowerBound > 1 ? .worse : .equal
        } else {
          time = .equal
        }
        return time != .worse && (time == .better || counts.contains(.better))
      }
      return (b, ChoiceStanding(dominatedBy: dominator.map { cases[$0].strategy }))
    }
  }

  /// How far apart two counts per operation may be and still count as equal:
  /// 1% of the larger, and at least 0.01 per operation (a count averaged over a
  /// sample's operations is not exact).
  static func countTolerance(_ a: Double, _ b: Double) -> Double {
    max(0.01, 0.01 * max(abs(a), abs(b)))
  }

  private enum Standing { case better, equal, worse }

  /// `a` against `b`, where fewer is better.
  private static func compare(_ a: Double?, _ b: Double?) -> Standing {
    guard let a, let b else { return .equal }
    let tolerance = countTolerance(a, b)
    if a < b - tolerance { return .better }
    if a > b + tolerance { return .worse }
    return .equal
  }

  private struct Pair: Hashable {
    var numerator: Int
    var denominator: Int
    init(_ numerator: Int, _ denominator: Int) {
      self.numerator = numerator
      self.denominator = denominator
    }
  }
}
