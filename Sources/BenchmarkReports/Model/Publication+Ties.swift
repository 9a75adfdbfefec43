import BenchmarkKit

extension Publication {
  /// How each candidate among `cases` (one scenario and size) stands against the
  /// cheapest of them, by position in `cases`.
  ///
  /// The cheapest is the candidate with the smallest published median: the
  /// estimate every table prints, so no strategy named "tied" ever shows a
  /// lower one. Each other candidate is paired with it by (pass, round)
  /// (``PairedRatio/interval(of:to:confidence:resamples:)``, which carries the
  /// spread between passes) and is tied when that 95% interval holds 1. A
  /// candidate whose median is a bound, or that shares fewer than 3 rounds with
  /// the cheapest, is *unresolved*: neither tied nor apart, since the run can
  /// say nothing of it (``CheapestComparison/isUnresolved``). Empty when no
  /// candidate's median resolves.
  static func versusCheapest(_ cases: [CaseResult]) -> [(Int, CheapestComparison)] {
    let candidates = candidates(cases)
    let medians = candidates.compactMap { index in cases[index].published?.medianNs.value.map { (index, $0) } }
    guard let cheapestIndex = medians.min(by: { $0.1 < $1.1 })?.0 else { return [] }
    let cheapest = cases[cheapestIndex]
    return candidates.map { index in
      if index == cheapestIndex {
        return (index, CheapestComparison(cheapest: cheapest.strategy, ratio: .value(1), interval: 1...1, isTied: true))
      }
      let result = cases[index]
      guard result.published?.medianNs.value != nil,
        let ratio = PairedRatio.of(result, to: cheapest),
        let interval = PairedRatio.interval(of: result, to: cheapest, confidence: 0.95)
      else {
        let unresolved = CheapestComparison(
          cheapest: cheapest.strategy, ratio: .unresolved, interval: nil, isTied: false)
        return (index, unresolved)
      }
      return (
        index,
        CheapestComparison(
          cheapest: cheapest.strategy, ratio: .value(ratio), interval: interval, isTied: interval.contains(1))
      )
    }
  }
}
