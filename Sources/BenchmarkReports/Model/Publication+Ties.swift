import BenchmarkKit

extension Publication {
  /// How each candidate among `cases` (one scenario and size) stands against the
  /// cheapest of them, by position in `cases`.
  ///
  /// The cheapest is the smallest published ratio to `apple` (paired, so the
  /// machine's drift cancels) when every resolved candidate has one, else the
  /// smallest published median. Each other candidate is paired with it by
  /// (pass, round) (``PairedRatio/interval(of:to:confidence:resamples:)``, which
  /// carries the spread between passes) and is tied when that 95% interval holds 1.
  /// A candidate whose median is a bound, or that shares fewer than 3 rounds with
  /// the cheapest, cannot be told from it either, and is tied too. Empty when no
  /// candidate's median resolves.
  static func versusCheapest(_ cases: [CaseResult]) -> [(Int, CheapestComparison)] {
    let candidates = candidates(cases)
    let resolved = candidates.filter { cases[$0].published?.medianNs.value != nil }
    let ratios = resolved.map { cases[$0].published?.ratioToApple?.value }
    let cost: (Int) -> Double =
      ratios.allSatisfy { $0 != nil }
      ? { cases[$0].published!.ratioToApple!.value! } : { cases[$0].published!.medianNs.value! }
    guard let cheapestIndex = resolved.min(by: { cost($0) < cost($1) }) else { return [] }
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
        return (index, CheapestComparison(cheapest: cheapest.strategy, ratio: .unresolved, interval: nil, isTied: true))
      }
      return (
        index,
        CheapestComparison(
          cheapest: cheapest.strategy, ratio: .value(ratio), interval: interval, isTied: interval.contains(1))
      )
    }
  }
}
