import Foundation

/// Maps data values to chart coordinates, linearly or logarithmically, and
/// chooses the ticks people expect on such an axis.
struct AxisScale {
  /// Whether values are placed by their logarithm.
  var logarithmic: Bool
  /// The smallest value on the axis.
  var low: Double
  /// The largest value on the axis.
  var high: Double
  /// The coordinate of `low`.
  var start: Double
  /// The coordinate of `high`.
  var end: Double

  /// A linear axis from zero to a round number at or above `maximum`.
  static func linear(maximum: Double, start: Double, end: Double) -> AxisScale {
    guard maximum > 0, maximum.isFinite else {
      return AxisScale(logarithmic: false, low: 0, high: 1, start: start, end: end)
    }
    let step = niceStep(maximum / 4)
    let top = step * (maximum / step - 1e-9).rounded(.up)
    return AxisScale(logarithmic: false, low: 0, high: top, start: start, end: end)
  }

  /// A logarithmic axis from the decade (or half decade) at or below `minimum`
  /// to the one at or above `maximum`.
  static func log(minimum: Double, maximum: Double, start: Double, end: Double) -> AxisScale {
    let low = max(minimum, 1e-6)
    let high = max(maximum, low * 1.0001)
    var bottom = pow(10, Foundation.log10(low).rounded(.down))
    var top = pow(10, Foundation.log10(high).rounded(.up))
    if top / bottom < 10 { top = bottom * 10 }
    // Tight data deserves tight axes: trim a nearly empty half decade at either end.
    if low >= bottom * 3 { bottom *= 3 }
    if high <= top / 3 { top /= 3 }
    return AxisScale(logarithmic: true, low: bottom, high: top, start: start, end: end)
  }

  /// The coordinate of `value`, clamped to the axis.
  func position(_ value: Double) -> Double {
    let clamped = min(max(value, low), high)
    let fraction =
      logarithmic
      ? (Foundation.log10(clamped) - Foundation.log10(low)) / (Foundation.log10(high) - Foundation.log10(low))
      : (clamped - low) / (high - low)
    return start + (end - start) * (fraction.isFinite ? fraction : 0)
  }

  /// The values to mark on the axis.
  var ticks: [Double] {
    if logarithmic {
      var values = [Double]()
      var decade = pow(10, Foundation.log10(low).rounded(.down))
      let spansFewDecades = high / low <= 100
      while decade <= high * 1.0001 {
        for multiple in spansFewDecades ? [1.0, 2, 5] : [1.0] {
          let value = decade * multiple
          if value >= low * 0.9999 && value <= high * 1.0001 { values.append(value) }
        }
        decade *= 10
      }
      return values
    }
    let step = Self.niceStep(high / 4)
    return stride(from: 0, through: high * 1.0001, by: step).map { $0 }
  }

  /// 1, 2 or 5 times a power of ten, at or above `raw`.
  static func niceStep(_ raw: Double) -> Double {
    guard raw > 0, raw.isFinite else { return 1 }
    let power = pow(10, Foundation.log10(raw).rounded(.down))
    for multiple in [1.0, 2, 5, 10] where multiple * power >= raw * 0.9999 {
      return multiple * power
    }
    return 10 * power
  }
}

/// Short labels for chart axes and values.
enum ChartLabel {
  /// A duration given in ns: `0.5 ns`, `120 ns`, `1.2 µs`, `3 ms`.
  static func duration(_ nanoseconds: Double) -> String {
    let magnitude = abs(nanoseconds)
    if magnitude >= 1e6 { return compact(nanoseconds / 1e6) + " ms" }
    if magnitude >= 1e3 { return compact(nanoseconds / 1e3) + " µs" }
    return compact(nanoseconds) + " ns"
  }

  /// A count such as a size: `1`, `250`, `10k`, `1M`.
  static func count(_ value: Double) -> String {
    if value >= 1e6 { return compact(value / 1e6) + "M" }
    if value >= 1e3 { return compact(value / 1e3) + "k" }
    return compact(value)
  }

  /// Up to three significant digits, no trailing zeros.
  static func compact(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    let magnitude = abs(value)
    let digits = magnitude >= 100 || magnitude == 0 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
    return SVGCanvas.number(value, digits: digits)
  }
}
