import BenchmarkKit
import Foundation

extension RunComparison {
  /// Each case's log shift, current over baseline, pair by pair (`nil` where a
  /// pass of either side has nothing to compare).
  ///
  /// A process lands in a state that moves the workloads in it:
  /// render-mutate[1] ran at about 1 050 or 1 800 ns per process, its `apple`
  /// case with it, and across 16 processes of an A/A run that state spread a
  /// case's pass medians by 0.17–0.27 in log. A case of this project's
  /// strategies is therefore compared through its standing against the
  /// reference measured beside it in the same process (`apple` of the same
  /// scenario and size, else `none`): in each pass, the median over the rounds
  /// both sampled of log(sample) − β·log(reference's sample). β is how much of
  /// the reference's move the case shares (``referenceWeights(_:)``): a lock
  /// registrar's cases move with `apple` (β 0.5–0.85 in A/A runs) where an
  /// actor registrar's hop lands in states of its own (β 0.1–0.3), and dividing
  /// those by `apple` whole added `apple`'s spread to theirs — 0.31–0.43
  /// between pairs against 0.21–0.28 with β. Reference cases, and cases with no
  /// reference, are compared by their pass medians.
  static func pairedShifts(
    baseline: [CaseKey: CaseResult], current: [CaseKey: CaseResult],
    referenceStrategies: [String] = [ReferenceStrategy.apple, ReferenceStrategy.floor]
  ) -> [CaseKey: [Double?]] {
    var matched = [CaseKey: MatchedCase]()
    for (key, after) in current {
      guard let before = baseline[key], before.failure == nil, after.failure == nil else { continue }
      var reference: (before: CaseResult, after: CaseResult)?
      if !referenceStrategies.contains(key.strategy) {
        reference =
          referenceStrategies.lazy.compactMap { strategy -> (CaseResult, CaseResult)? in
            let referenceKey = CaseKey(suite: key.suite, scenario: key.scenario, strategy: strategy, size: key.size)
            guard let old = baseline[referenceKey], let new = current[referenceKey], old.failure == nil,
              new.failure == nil
            else { return nil }
            return (old, new)
          }.first
      }
      matched[key] = MatchedCase(before: before, after: after, reference: reference)
    }
    let weights = referenceWeights(matched)
    var shifts = [CaseKey: [Double?]]()
    for (key, pair) in matched {
      let old: [Double?]
      let new: [Double?]
      if let reference = pair.reference {
        let weight = weights[SpreadKey(key)] ?? 1
        let passes = min(passMedians(pair.before).count, passMedians(pair.after).count)
        old = passStandings(pair.before, to: reference.before, weight: weight, passes: passes)
        new = passStandings(pair.after, to: reference.after, weight: weight, passes: passes)
      } else {
        old = passMedians(pair.before).map { $0.flatMap { $0 > 0 ? log($0) : nil } }
        new = passMedians(pair.after).map { $0.flatMap { $0 > 0 ? log($0) : nil } }
      }
      let count = min(old.count, new.count)
      guard count >= 2 else { continue }
      shifts[key] = (0..<count).map { p in old[p].flatMap { a in new[p].map { $0 - a } } }
    }
    return shifts
  }

  /// Each case's log shift of its pass medians, current over baseline, pair by
  /// pair, for the cases judged through a reference: their change with nothing
  /// taken out. A slowdown of code both the case and its reference run (the
  /// render queue, the models, the black hole) moves the reference too, and
  /// the weighted standing forgives β of it; the unweighted shift does not.
  static func pairedRawShifts(
    baseline: [CaseKey: CaseResult], current: [CaseKey: CaseResult], referenceStrategies: [String]
  ) -> [CaseKey: [Double]] {
    var shifts = [CaseKey: [Double]]()
    for (key, after) in current where !referenceStrategies.contains(key.strategy) {
      guard let before = baseline[key], before.failure == nil, after.failure == nil else { continue }
      let hasReference = referenceStrategies.contains { strategy in
        let referenceKey = CaseKey(suite: key.suite, scenario: key.scenario, strategy: strategy, size: key.size)
        guard let old = baseline[referenceKey], let new = current[referenceKey] else { return false }
        return old.failure == nil && new.failure == nil
      }
      guard hasReference else { continue }
      let old = passMedians(before)
      let new = passMedians(after)
      let values = (0..<min(old.count, new.count)).compactMap { p -> Double? in
        guard let a = old[p], let b = new[p], a > 0, b > 0 else { return nil }
        return log(b / a)
      }
      if values.count >= 2 { shifts[key] = values }
    }
    return shifts
  }

  /// One case of both builds, with the reference beside it if it has one.
  struct MatchedCase {
    var before: CaseResult
    var after: CaseResult
    var reference: (before: CaseResult, after: CaseResult)?
  }

  /// The fewest (pass pair, case) points a suite's strategy needs before its
  /// β is estimated; with fewer it is 1, the plain per-round ratio.
  static let referenceWeightMinimumPoints = 8

  /// β per suite and strategy: the least-squares slope of a case's pass-median
  /// shift between the builds on its reference's shift in the same pair, each
  /// case centred on its own mean (so a real change of the case, or of all its
  /// strategy's cases, does not enter it), pooled over the strategy's cases in
  /// the suite and held to 0…1.
  static func referenceWeights(_ matched: [CaseKey: MatchedCase]) -> [SpreadKey: Double] {
    var sums = [SpreadKey: (cross: Double, square: Double, points: Int)]()
    for (key, pair) in matched {
      guard let reference = pair.reference else { continue }
      let series = [pair.before, pair.after, reference.before, reference.after].map(passMedians)
      let passes = series.map(\.count).min() ?? 0
      var points = [(shift: Double, referenceShift: Double)]()
      for p in 0..<passes {
        guard let a = series[0][p], let b = series[1][p], let ra = series[2][p], let rb = series[3][p],
          a > 0, b > 0, ra > 0, rb > 0
        else { continue }
        points.append((log(b / a), log(rb / ra)))
      }
      guard points.count >= 2 else { continue }
      let meanShift = points.map(\.shift).reduce(0, +) / Double(points.count)
      let meanReference = points.map(\.referenceShift).reduce(0, +) / Double(points.count)
      var sum = sums[SpreadKey(key), default: (0, 0, 0)]
      for point in points {
        sum.cross += (point.shift - meanShift) * (point.referenceShift - meanReference)
        sum.square += (point.referenceShift - meanReference) * (point.referenceShift - meanReference)
      }
      sum.points += points.count
      sums[SpreadKey(key)] = sum
    }
    return sums.mapValues { sum in
      guard sum.points >= referenceWeightMinimumPoints, sum.square > 0 else { return 1 }
      return min(1, max(0, sum.cross / sum.square))
    }
  }

  /// Each pass's median over the rounds `result` and `reference` both sampled
  /// of log(result) − `weight`·log(reference), in pass order (`passes` of
  /// them), `nil` for a pass where they share no round.
  static func passStandings(_ result: CaseResult, to reference: CaseResult, weight: Double, passes: Int) -> [Double?] {
    let byPass = Dictionary(grouping: PairedRatio.pairs(result, reference), by: \.pass)
    return (0..<passes).map { pass in
      guard let pairs = byPass[pass] else { return nil }
      let values = pairs.compactMap { pair -> Double? in
        guard pair.numerator > 0, pair.denominator > 0, pair.numerator.isFinite, pair.denominator.isFinite else {
          return nil
        }
        return log(pair.numerator) - weight * log(pair.denominator)
      }
      return Statistics.median(values)
    }
  }

  /// Each pass's median in pass order, `nil` for a pass without samples.
  static func passMedians(_ result: CaseResult) -> [Double?] {
    guard let counts = result.passSampleCounts, counts.reduce(0, +) == result.samples.count else {
      return [Statistics.median(result.samples)]
    }
    var medians = [Double?]()
    var start = 0
    for count in counts {
      medians.append(count > 0 ? Statistics.median(Array(result.samples[start..<(start + count)])) : nil)
      start += count
    }
    return medians
  }
}
