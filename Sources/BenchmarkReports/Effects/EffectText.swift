import BenchmarkKit
import Foundation

/// How effects are written, the same in `summary.md`, `report.html` and
/// `obsbench effects`: plain text, to be escaped by whoever embeds it.
public enum EffectText {
  /// `render-body@100`: a case of a suite, named as the command line names sizes.
  public static func place(scenario: String, size: Int) -> String {
    "\(scenario)@\(size)"
  }

  /// `1.42×`, `0.031×`, `0.00042×`, `728168×`; `–` for none. Effects span
  /// many decades (whole invalidation notifying thousands of observers, a
  /// refinement skipping them), so small ones keep two significant digits and
  /// large ones lose their decimals.
  public static func ratio(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "–" }
    switch abs(value) {
    case 100...: return String(format: "%.0f×", value)
    case 0.01..<100: return NumberFormat.ratio(value)
    case 0: return "0×"
    default:
      // Two significant digits without an exponent: 0.0011×, 0.000011×.
      let decimals = min(12, Int((-log10(abs(value))).rounded(.down)) + 2)
      return String(format: "%.\(decimals)f×", value)
    }
  }

  /// `1.42× (1.30×–1.55×)`: an effect with its 95% interval.
  public static func effect(_ ratio: Double?, interval: ClosedRange<Double>?) -> String {
    guard let ratio else { return "–" }
    guard let interval else { return Self.ratio(ratio) }
    return "\(Self.ratio(ratio)) (\(Self.ratio(interval.lowerBound))–\(Self.ratio(interval.upperBound)))"
  }

  /// `0.99× (7 below, 11 at, 7 above 1)`: the median case's effect and how
  /// the cases stand against 1 by their intervals; `–` without them.
  public static func median(_ summary: SuiteEffect) -> String {
    guard let median = summary.median else { return "–" }
    guard let standing = summary.standing else { return ratio(median) }
    return "\(ratio(median)) (\(standing.below) below, \(standing.holding) at, \(standing.above) above 1)"
  }

  /// `0.95× at tracked@1`.
  public static func extreme(_ extreme: EffectExtreme?) -> String {
    guard let extreme else { return "–" }
    return "\(ratio(extreme.ratio)) at \(place(scenario: extreme.scenario, size: extreme.size))"
  }

  /// `2 of 4 pairs`: how many matched pairs an effect rests on.
  public static func pairs(_ effect: CaseEffect) -> String {
    "\(effect.pairs.count) of \(effect.candidatePairs) pair\(effect.candidatePairs == 1 ? "" : "s")"
  }

  /// The pairs that disagree, e.g. `*-thread-keypath 3.02× (2.90×–3.14×) vs
  /// *-task-keypath 1.00× (0.97×–1.03×)`, one entry per interaction.
  public static func interactions(_ effect: CaseEffect) -> [String] {
    let choice = StrategyChoice(rawValue: effect.choice)
    let describe = { (baseline: String) -> String in
      let name = choice?.context(ofBaseline: baseline) ?? baseline
      guard let pair = effect.pairs.first(where: { $0.baseline == baseline }) else { return name }
      return "\(name) \(Self.effect(pair.ratio, interval: pair.interval))"
    }
    return effect.interactions.map { "\(describe($0.first)) vs \(describe($0.second))" }
  }

  /// The title of a choice: `registrar lock → actor`; an unknown one as stored.
  public static func title(ofChoice choice: String) -> String {
    StrategyChoice(rawValue: choice)?.title ?? choice
  }

  /// Where a side of a choice over-notifies the most, e.g. `whole 100/op where
  /// 0 needed (keypath 0/op) at observed-other-keypath@100`, or `keypath
  /// 1001/op, 1001× the 1 needed (+identity 1/op) at insert@1000`; `none` when
  /// no side sends more than it needs.
  public static func overNotification(_ over: OverNotification?, choice: String) -> String {
    guard let over else { return "none" }
    let levels = StrategyChoice(rawValue: choice)?.levels ?? (baseline: "A", alternative: "B")
    let load = over.load
    let alternativeWorse = load.multiple(load.alternative) >= load.multiple(load.baseline)
    let (worse, worseCount, other, otherCount) =
      alternativeWorse
      ? (levels.alternative, load.alternative, levels.baseline, load.baseline)
      : (levels.baseline, load.baseline, levels.alternative, load.alternative)
    let excess =
      load.fewest > 0
      ? "\(count(worseCount))/op, \(multiple(load.multiple(worseCount))) the \(count(load.fewest)) needed"
      : "\(count(worseCount))/op where 0 needed"
    return "\(worse) \(excess) (\(other) \(count(otherCount))/op) at \(place(scenario: over.scenario, size: over.size))"
  }

  /// A notification count per operation: whole numbers as such, others to
  /// three significant digits.
  public static func count(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(format: "%.3g", value)
  }

  /// `11×`, `1.84×`.
  static func multiple(_ value: Double) -> String {
    ratio(value)
  }
}
