import BenchmarkKit
import Foundation

extension PairedRatio {
  /// The `confidence` interval of the paired ratio of `result` to `reference`
  /// (``of(_:to:)``), or `nil` when the ratio has no honest interval.
  ///
  /// Rounds of a shared machine are not independent: a neighbour's build slows a
  /// stretch of consecutive rounds. A plain bootstrap of per-round ratios treats
  /// them as independent and comes out too narrow, so this resamples *blocks* of
  /// consecutive rounds (a circular moving-block bootstrap, blocks of ⌈∛n⌉ rounds),
  /// keeping each round's pair together so the machine's drift still cancels.
  ///
  /// Every sample had the run's estimate of the loop cost subtracted; that
  /// estimate has its own sampling error, the same for every round of the case and
  /// different in the next run. Each resample therefore also moves each case's
  /// subtracted loop cost by a normal draw of that estimate's spread (one draw
  /// shared by both cases when they subtracted the same estimate, their group's
  /// reference of one loop shape; independent draws otherwise).
  ///
  /// Rounds of one run also share the fixtures' places in memory and one stretch
  /// of the machine's state, which the next run will not: the runner measures in
  /// passes on fresh fixtures (``CaseResult/passSampleCounts``), and the interval
  /// is widened to cover the paired ratio ± the spread of the passes' ratios
  /// (``PassSpread``) where that is wider, so it bounds what a rerun measures.
  ///
  /// `nil` when either case failed, has fewer than 3 paired rounds, or its median
  /// is a bound rather than a value (``CaseResult/medianFigure``): a ratio with a
  /// bound in it is itself a bound (``Figure/ratio(_:over:value:denominatorLow:numeratorLow:)``),
  /// never an interval. Seeded by the two cases' names, so the same results always
  /// give the same interval.
  ///
  /// - Parameters:
  ///   - result: The numerator case.
  ///   - reference: The denominator case, usually `apple` or `none` of the same
  ///     scenario and size.
  ///   - confidence: The interval's coverage, e.g. 0.95.
  ///   - resamples: Bootstrap resamples.
  /// - Complexity: O(*r* · *n* log *n*) for *r* resamples of *n* rounds.
  public static func interval(
    of result: CaseResult, to reference: CaseResult, confidence: Double = 0.95, resamples: Int = 1000
  ) -> ClosedRange<Double>? {
    guard result.failure == nil, reference.failure == nil,
      case .value = result.medianFigure, case .value = reference.medianFigure
    else { return nil }
    let rounds = min(result.samples.count, reference.samples.count)
    guard rounds >= 3, resamples > 0 else { return nil }
    let numerator = Array(result.samples.prefix(rounds))
    let denominator = Array(reference.samples.prefix(rounds))
    let numeratorSpread = loopCostSpread(of: result)
    let denominatorSpread = loopCostSpread(of: reference)
    let sharedLoopCost = result.loopOverheadNs != nil && result.loopOverheadNs == reference.loopOverheadNs
    let block = blockLength(rounds: rounds)

    var generator = SplitMix64(seed: SplitMix64.seed(for: result.displayName + "/" + reference.displayName))
    var medians = [Double]()
    medians.reserveCapacity(resamples)
    var ratios = [Double]()
    ratios.reserveCapacity(rounds)
    var discarded = 0
    for _ in 0..<resamples {
      let numeratorShift = numeratorSpread * generator.nextGaussian()
      let denominatorShift = sharedLoopCost ? numeratorShift : denominatorSpread * generator.nextGaussian()
      ratios.removeAll(keepingCapacity: true)
      var drawn = 0
      while drawn < rounds {
        let start = generator.nextIndex(below: rounds)
        for offset in 0..<min(block, rounds - drawn) {
          let round = (start + offset) % rounds
          let bottom = denominator[round] - denominatorShift
          // A round whose reference time is not positive has no ratio; the median of
          // the others stands unless they are too few (below).
          if bottom > 0 { ratios.append((numerator[round] - numeratorShift) / bottom) }
        }
        drawn += block
      }
      guard ratios.count * 2 > rounds else {
        discarded += 1
        continue
      }
      ratios.sort()
      medians.append(Statistics.percentile(0.5, ofSorted: ratios))
    }
    // When many resamples have no ratio, the reference is too close to zero for
    // the interval to mean anything.
    guard discarded * 20 <= resamples, !medians.isEmpty else { return nil }
    medians.sort()
    let tail = (1 - confidence) / 2
    var low = max(0, Statistics.percentile(tail, ofSorted: medians))
    var high = max(low, Statistics.percentile(1 - tail, ofSorted: medians))
    if let spread = passSpread(of: result, to: reference), let ratio = of(result, to: reference), ratio > 0 {
      low = min(low, ratio * exp(-spread))
      high = max(high, ratio * exp(spread))
    }
    return low...high
  }

  /// The 95% half-width, in log ratio, of the paired ratio's mean over the passes
  /// both cases took (``PassSpread/halfWidth(of:)``); `nil` with fewer than two
  /// passes or a pass whose ratio is not positive.
  static func passSpread(of result: CaseResult, to reference: CaseResult) -> Double? {
    let numerator = PassSpread.passes(of: result.samples, counts: result.passSampleCounts)
    let denominator = PassSpread.passes(of: reference.samples, counts: reference.passSampleCounts)
    guard numerator.count == denominator.count, numerator.count >= 2 else { return nil }
    var logs = [Double]()
    for (top, bottom) in zip(numerator, denominator) {
      guard let ratio = median(Array(top), over: Array(bottom)), ratio > 0 else { return nil }
      logs.append(log(ratio))
    }
    return PassSpread.halfWidth(of: logs)
  }

  /// Blocks of consecutive rounds: ⌈∛n⌉, the usual order for a moving-block
  /// bootstrap of a statistic like the median.
  static func blockLength(rounds: Int) -> Int {
    max(1, Int(cbrt(Double(rounds)).rounded(.up)))
  }

  /// The standard deviation of the loop-cost estimate subtracted from `result`'s
  /// samples, in ns: what is left of ``CaseResult/uncertaintyNs`` after the loop
  /// cost itself and the case's own median interval, as a 95% half-width, over 1.96.
  static func loopCostSpread(of result: CaseResult) -> Double {
    guard let uncertainty = result.uncertaintyNs, let statistics = result.statistics else { return 0 }
    let ownHalfWidth = (statistics.ciHigh - statistics.ciLow) / 2
    let halfWidth = uncertainty - (result.loopOverheadNs ?? 0) - ownHalfWidth
    return max(0, halfWidth) / 1.96
  }
}

extension SplitMix64 {
  /// A standard normal draw (Box–Muller), from two uniform draws of this generator.
  mutating func nextGaussian() -> Double {
    let first = (Double(next() >> 11) + 0.5) / Double(1 << 53)
    let second = Double(next() >> 11) / Double(1 << 53)
    return (-2 * Foundation.log(first)).squareRoot() * Foundation.cos(2 * .pi * second)
  }
}
