import BenchmarkKit
import Foundation

extension PairedRatio {
  /// The `confidence` interval of the paired ratio of `result` to `reference`
  /// (``of(_:to:)``), or `nil` when the ratio has no honest interval: a
  /// *prediction* interval, where a rerun of the same binary should put its ratio.
  ///
  /// Two components, as for a median (``CaseResult/summarise(resamples:seed:)``):
  ///
  /// - **Within the run.** Rounds of a shared machine are not independent: a
  ///   neighbour's build slows a stretch of consecutive rounds. A plain bootstrap
  ///   of per-round ratios treats them as independent and comes out too narrow, so
  ///   this resamples *blocks* of consecutive (pass, round) pairs (a circular
  ///   moving-block bootstrap, blocks of ⌈∛n⌉), keeping each pair together so the
  ///   machine's drift still cancels. Every sample had its pass's estimate of the
  ///   loop cost subtracted, whose sampling error is the same for every round and
  ///   different in the next run: each resample also moves each case's loop cost
  ///   by a normal draw of that spread (one draw for both when they subtracted the
  ///   same estimate).
  /// - **Between passes.** Each pass is a process of its own on fresh fixtures;
  ///   the passes' paired ratios scatter as runs do. Their spread in log ratio
  ///   gives a rerun's distance t(0.975, P − 1) · s · √(2 / P)
  ///   (``PassSpread/predictionHalfWidth(of:)``).
  ///
  /// In log ratio, each side of the interval is √(between² + 2 · within²) (the
  /// rerun's own within-run noise counted too), and the interval holds every
  /// pass's ratio.
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
    let paired = pairs(result, reference)
    let rounds = paired.count
    guard rounds >= 3, resamples > 0, let ratio = median(of: paired), ratio > 0 else { return nil }
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
          let pair = paired[(start + offset) % rounds]
          let bottom = pair.denominator - denominatorShift
          // A round whose reference time is not positive has no ratio; the median of
          // the others stands unless they are too few (below).
          if bottom > 0 { ratios.append((pair.numerator - numeratorShift) / bottom) }
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
    let bootLow = Statistics.percentile(tail, ofSorted: medians)
    let bootHigh = Statistics.percentile(1 - tail, ofSorted: medians)
    guard bootLow > 0 else { return nil }
    let lowWithin = max(0, log(ratio / bootLow))
    let highWithin = max(0, log(bootHigh / ratio))
    let passRatios = passRatios(of: paired)
    let between = PassSpread.predictionHalfWidth(of: passRatios.map { log($0) }) ?? 0
    var low = ratio * exp(-(between * between + 2 * lowWithin * lowWithin).squareRoot())
    var high = ratio * exp((between * between + 2 * highWithin * highWithin).squareRoot())
    if let lowest = passRatios.min(), let highest = passRatios.max() {
      low = min(low, lowest)
      high = max(high, highest)
    }
    return low...high
  }

  /// The paired ratio of each pass that has pairs, in pass order; passes whose
  /// ratio is not positive are left out.
  static func passRatios(of pairs: [Pair]) -> [Double] {
    Dictionary(grouping: pairs, by: \.pass).sorted { $0.key < $1.key }.compactMap { _, inPass in
      median(of: inPass).flatMap { $0 > 0 ? $0 : nil }
    }
  }

  /// Blocks of consecutive rounds: ⌈∛n⌉, the usual order for a moving-block
  /// bootstrap of a statistic like the median.
  static func blockLength(rounds: Int) -> Int {
    max(1, Int(cbrt(Double(rounds)).rounded(.up)))
  }

  /// The standard deviation of the loop-cost estimate subtracted from `result`'s
  /// samples, in ns: its 95% half-width (``CaseResult/loopUncertaintyNs``) over 1.96.
  static func loopCostSpread(of result: CaseResult) -> Double {
    max(0, result.loopUncertaintyNs ?? 0) / 1.96
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
