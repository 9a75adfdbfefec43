import Foundation

/// How numbers are written in reports: fixed decimals, locale-independent.
enum NumberFormat {
  /// `value` with `digits` decimals, or an empty string for `nil`.
  static func fixed(_ value: Double?, _ digits: Int = 3) -> String {
    guard let value, value.isFinite else { return "" }
    // %f is locale-independent in Foundation's String(format:) without a locale,
    // which keeps a decimal point in every CSV.
    return String(format: "%.\(digits)f", value)
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
}
