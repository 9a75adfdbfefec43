import BenchmarkKit
import Foundation

/// How numbers are written in reports: fixed decimals, locale-independent.
public enum NumberFormat {
  /// `value` with `digits` decimals, or an empty string for `nil`.
  static func fixed(_ value: Double?, _ digits: Int = 3) -> String {
    guard let value, value.isFinite else { return "" }
    // %f is locale-independent in Foundation's String(format:) without a locale,
    // which keeps a decimal point in every CSV.
    return String(format: "%.\(digits)f", value)
  }

  /// A ratio for a CSV field: four significant digits, so that 0.0031 keeps its
  /// precision; empty for `nil`.
  static func ratioField(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "" }
    return String(format: "%.4g", value)
  }

  /// A published time: the value, or `< bound`; `–` when there is none. Public
  /// so that the command line's progress prints a time as every report does.
  public static func nanoseconds(_ figure: Figure?) -> String {
    guard let figure else { return "–" }
    switch figure {
    case .value(let value): return nanoseconds(value)
    case .below(let bound): return "< " + nanoseconds(bound)
    case .above(let bound): return "> " + nanoseconds(bound)
    case .unresolved: return "?"
    }
  }

  /// A published ratio: `0.25×`, `< 0.002×`, `> 4×` or `?`, with its interval as
  /// `±p%` (the larger side) when known; `(±>100%)` marks an interval wider than
  /// the ratio itself.
  static func ratio(_ figure: Figure?, interval: ClosedRange<Double>? = nil) -> String {
    guard let figure else { return "–" }
    switch figure {
    case .value(let value):
      guard let interval, value > 0 else { return ratio(value) }
      let spread = max(value - interval.lowerBound, interval.upperBound - value) / value
      return ratio(value) + " " + spreadText(spread, wide: interval.upperBound - interval.lowerBound > value)
    case .below(let bound): return "< " + ratio(bound)
    case .above(let bound): return "> " + ratio(bound)
    case .unresolved: return "?"
    }
  }

  /// `±8%`, or `±>100%` when the interval is wider than the ratio.
  static func spreadText(_ spread: Double, wide: Bool) -> String {
    if wide { return "±>100%" }
    let percent = spread * 100
    return percent < 1 ? "±<1%" : String(format: "±%.0f%%", percent)
  }

  /// A duration in ns, with the precision its magnitude deserves: `0.42`, `17.3`, `1 040`.
  static func nanoseconds(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "–" }
    switch abs(value) {
    case ..<10: return String(format: "%.2f", value)
    case ..<100: return String(format: "%.1f", value)
    default: return String(format: "%.0f", value)
    }
  }

  /// A ratio such as `0.25×`.
  static func ratio(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "–" }
    // Ratios far below 1 (the floor against apple) need a third digit to differ from zero.
    let format = abs(value) < 0.1 ? "%.3f×" : abs(value) < 10 ? "%.2f×" : "%.1f×"
    return String(format: format, value)
  }

  /// A whole number with its thousands apart by narrow no-break spaces, so a
  /// table cell never wraps inside it: `100 000`.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append("\u{202F}") }
      out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
  }
}
