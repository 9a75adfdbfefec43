import BenchmarkKit

/// Derives what each strategy choice costs from a run's cases: per case (suite,
/// scenario, size) and choice, the paired ratio of every matched pair and their
/// combined effect; per suite and choice, the summary of those effects.
///
/// It runs once, when the run publishes its figures (``Publication/publish(_:)``),
/// and its result is stored in ``BenchmarkRun/effects``; every writer reads that
/// and none calls this. Each pair's ratio and interval come from the same
/// machinery as every other ratio of the run (``PairedRatio/of(_:to:)``,
/// ``PairedRatio/interval(of:to:confidence:resamples:)``): samples paired by
/// (pass, round), both the within-pass and the between-pass spread counted.
public enum EffectAnalysis {
  /// The coverage of every interval.
  public static let confidence = 0.95

  /// The effects of every choice in every case of `run` that has a matched pair
  /// for it, and their per-suite summaries.
  ///
  /// - Complexity: One paired-ratio interval (a block bootstrap) per matched pair:
  ///   up to 20 per case.
  public static func effects(of run: BenchmarkRun) -> RunEffects {
    var order = [Shape]()
    var groups = [Shape: [String: CaseResult]]()
    for result in run.cases {
      let shape = Shape(suite: result.suite, scenario: result.scenario, size: result.size)
      if groups[shape] == nil { order.append(shape) }
      groups[shape, default: [:]][result.strategy] = result
    }
    var cases = [CaseEffect]()
    for shape in order {
      let strategies = groups[shape] ?? [:]
      let fewest = fewestNotifications(in: strategies.values)
      for choice in StrategyChoice.allCases {
        let pairs = choice.pairs(among: Set(strategies.keys))
        guard !pairs.isEmpty else { continue }
        let measured = pairs.compactMap { measure($0, in: strategies) }
        let combined = combine(measured)
        cases.append(
          CaseEffect(
            suite: shape.suite, scenario: shape.scenario, size: shape.size, choice: choice.rawValue,
            candidatePairs: pairs.count, pairs: measured, ratio: combined?.ratio, interval: combined?.interval,
            interactions: interactions(among: measured),
            notifications: notificationLoad(of: pairs, in: strategies, fewest: fewest)))
      }
    }
    return RunEffects(cases: cases, suites: summaries(of: cases))
  }

  /// The paired ratio of the pair's alternative to its baseline with its 95%
  /// interval, or `nil` when the pair cannot be used: a side missing or failed,
  /// or a median that is a bound (its ratio is a bound too, with no interval).
  static func measure(_ pair: StrategyChoice.Pair, in strategies: [String: CaseResult]) -> PairEffect? {
    guard let baseline = strategies[pair.baseline], let alternative = strategies[pair.alternative],
      let ratio = PairedRatio.of(alternative, to: baseline), ratio > 0, ratio.isFinite,
      let interval = PairedRatio.interval(of: alternative, to: baseline, confidence: confidence),
      interval.lowerBound > 0
    else { return nil }
    return PairEffect(baseline: pair.baseline, alternative: pair.alternative, ratio: ratio, interval: interval)
  }

  /// The cases of every strategy measured side by side: one suite, scenario and size.
  struct Shape: Hashable {
    var suite: String
    var scenario: String
    var size: Int
  }
}
