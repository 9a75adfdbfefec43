import BenchmarkKit
import Foundation

extension EffectAnalysis {
  /// Per suite and choice, the summary of its cases' effects: suites in the order
  /// their cases come, choices in ``StrategyChoice`` order.
  ///
  /// A function of stored case effects only (no samples), so runs merged for a
  /// report can be summarised again from the cases they kept.
  public static func summaries(of cases: [CaseEffect]) -> [SuiteEffect] {
    var suites = [String]()
    var bySuite = [String: [String: [CaseEffect]]]()
    for effect in cases {
      if bySuite[effect.suite] == nil { suites.append(effect.suite) }
      bySuite[effect.suite, default: [:]][effect.choice, default: []].append(effect)
    }
    let choices = StrategyChoice.allCases.map(\.rawValue)
    return suites.flatMap { suite in
      let byChoice = bySuite[suite] ?? [:]
      let known = choices.filter { byChoice[$0] != nil }
      let other = byChoice.keys.filter { !choices.contains($0) }.sorted()
      return (known + other).map { summary(suite: suite, choice: $0, cases: byChoice[$0] ?? []) }
    }
  }

  /// One suite's summary of one choice: the geometric mean of its cases'
  /// effects, the median case's, how many cases stand below, at and above 1,
  /// the cases at either end, how many interact, and where a side
  /// over-notifies the most.
  static func summary(suite: String, choice: String, cases: [CaseEffect]) -> SuiteEffect {
    let measured = cases.filter { ($0.ratio ?? 0) > 0 }
    let extreme = { (effect: CaseEffect) in
      EffectExtreme(scenario: effect.scenario, size: effect.size, ratio: effect.ratio ?? 0, interval: effect.interval)
    }
    let ratio =
      measured.isEmpty
      ? nil : exp(measured.map { log($0.ratio ?? 1) }.reduce(0, +) / Double(measured.count))
    var worst: OverNotification?
    for effect in cases {
      guard let load = effect.notifications, load.overNotifies else { continue }
      if let current = worst, !load.exceeds(current.load) { continue }
      worst = OverNotification(scenario: effect.scenario, size: effect.size, load: load)
    }
    var summary = SuiteEffect(
      suite: suite, choice: choice, cases: measured.count, ratio: ratio,
      lowest: measured.min { ($0.ratio ?? 0) < ($1.ratio ?? 0) }.map(extreme),
      highest: measured.max { ($0.ratio ?? 0) < ($1.ratio ?? 0) }.map(extreme),
      interactingCases: cases.filter(\.isInteracting).count, overNotification: worst)
    summary.median = median(measured.compactMap(\.ratio))
    let below = measured.filter { $0.interval.map { $0.upperBound < 1 } ?? false }.count
    let above = measured.filter { $0.interval.map { $0.lowerBound > 1 } ?? false }.count
    summary.standing = EffectStanding(below: below, holding: measured.count - below - above, above: above)
    return summary
  }

  /// The median of `ratios`: between the two middle ones, their geometric
  /// mean; `nil` for none.
  static func median(_ ratios: [Double]) -> Double? {
    let sorted = ratios.sorted()
    guard !sorted.isEmpty else { return nil }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] * sorted[middle]).squareRoot()
  }
}
