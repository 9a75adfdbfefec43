import BenchmarkKit
import Foundation

/// How a strategy's cost relative to `apple`, measured side by side within each
/// run, changed between the runs: a change no machine speed can cause.
///
/// For every scenario and size where the strategy and `apple` are values in both
/// runs, the standing is the paired ratio strategy/apple (``PairedRatio``); the
/// change is current standing / baseline standing, and ``change`` is the median of
/// those over the strategy's cases.
public struct StrategyStanding: Sendable {
  /// The strategy.
  public var strategy: String
  /// How many cases the median is over.
  public var cases: Int
  /// The median change of standing: 1.2 means 20% more of apple's cost than before.
  public var change: Double
  /// The smallest and largest change of one case.
  public var range: ClosedRange<Double>

  /// Every strategy's standing change against `reference`, by strategy name.
  static func all(
    baseline: [CaseKey: CaseResult], current: [CaseKey: CaseResult], metric: ComparedMetric,
    reference: String = ReferenceStrategy.apple
  ) -> [StrategyStanding] {
    var changes = [String: [Double]]()
    for (key, after) in current where key.strategy != reference {
      let referenceKey = CaseKey(suite: key.suite, scenario: key.scenario, strategy: reference, size: key.size)
      guard let before = baseline[key], let oldReference = baseline[referenceKey],
        let newReference = current[referenceKey],
        let old = standing(before, over: oldReference, metric: metric),
        let new = standing(after, over: newReference, metric: metric)
      else { continue }
      changes[key.strategy, default: []].append(new / old)
    }
    return changes.keys.sorted().compactMap { strategy in
      let values = changes[strategy]!
      guard let median = Statistics.median(values) else { return nil }
      return StrategyStanding(
        strategy: strategy, cases: values.count, change: median, range: values.min()!...values.max()!)
    }
  }

  private static func standing(_ result: CaseResult, over reference: CaseResult, metric: ComparedMetric) -> Double? {
    guard result.failure == nil, reference.failure == nil, metric.median(result)?.value != nil,
      let referenceMedian = metric.median(reference)?.value
    else { return nil }
    let paired = PairedRatio.median(metric.samples(result), over: metric.samples(reference))
    guard let ratio = paired ?? metric.median(result)?.value.map({ $0 / referenceMedian }), ratio > 0 else {
      return nil
    }
    return ratio
  }
}
