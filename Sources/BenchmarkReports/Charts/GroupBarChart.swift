import Foundation

/// Horizontal bars split into profile groups: one stacked bar per row of
/// instructions per operation, or, for differences, a diverging bar whose
/// gains stack right of zero and savings left of it, with the net change
/// marked.
///
/// Drawn for a page read at 1400 px: labels in a fixed left column, the bars
/// across the rest, the legend once above.
struct GroupBarChart {
  /// One bar.
  struct Row {
    /// What the bar is (a strategy id, an axis).
    var label: String
    /// A second line under the label (pairs averaged), if any.
    var detail: String?
    /// Each group's value, in legend order.
    var values: [(group: String, value: Double)]
  }

  var rows: [Row]
  /// Whether values may be negative (a difference): bars diverge from zero.
  var diverging: Bool
  /// What the values are, for the axis caption.
  var unit: String

  static let width = 1240.0
  private static let labelWidth = 300.0
  private static let rowHeight = 30.0
  private static let top = 34.0

  /// The colour of a group: fixed, so a group looks alike in every chart.
  static func color(of group: String) -> String {
    switch group {
    case "registrar": "#3b6fb6"
    case "scope": "#d9822b"
    case "store": "#5a9e4b"
    case "alloc": "#c23b5a"
    case "notify": "#8a5fb0"
    case "harness": "#b0b0b0"
    case "workload": "#c9b458"
    default: "#6f6f6f"
    }
  }

  func render(label: String) -> String {
    let height = Self.top + Double(rows.count) * Self.rowHeight + 34
    var canvas = SVGCanvas(width: Self.width, height: height)
    let left = Self.labelWidth
    let right = Self.width - 70
    let most = rows.map { $0.values.filter { $0.value > 0 }.reduce(0) { $0 + $1.value } }.max() ?? 0
    let least = diverging ? (rows.map { -$0.values.filter { $0.value < 0 }.reduce(0) { $0 + $1.value } }.max() ?? 0) : 0
    // One linear scale over both sides; zero sits where the savings fit.
    let scale = AxisScale.linear(maximum: max(most + least, 1e-9), start: 0, end: right - left)
    let unitWidth = (right - left) / scale.high
    let zero = left + least * unitWidth
    for tick in scale.ticks where tick > 0 {
      for side in diverging ? [1.0, -1.0] : [1.0] {
        let position = zero + side * tick * unitWidth
        guard position >= left - 0.5 && position <= right + 0.5 else { continue }
        canvas.line(
          x1: position, y1: Self.top - 4, x2: position, y2: Self.top + Double(rows.count) * Self.rowHeight,
          stroke: "#e4e4e4")
        canvas.text(
          Self.format(side * tick, signed: diverging && side < 0), x: position,
          y: Self.top + Double(rows.count) * Self.rowHeight + 12, anchor: .middle, size: 10, fill: "#777")
      }
    }
    // Legend.
    var x = left
    for group in legendGroups {
      canvas.rect(x: x, y: 6, width: 12, height: 12, fill: Self.color(of: group))
      canvas.text(group, x: x + 16, y: 16, size: 12)
      x += 26 + Double(group.count) * 7.5
    }
    for (index, row) in rows.enumerated() {
      let y = Self.top + Double(index) * Self.rowHeight
      canvas.text(row.label, x: left - 10, y: y + 14, anchor: .end, size: 12)
      if let detail = row.detail { canvas.text(detail, x: left - 10, y: y + 26, anchor: .end, size: 10, fill: "#666") }
      var up = zero
      var down = zero
      for (group, value) in row.values where value != 0 {
        let length = abs(value) * unitWidth
        let start = value > 0 ? up : down - length
        canvas.rect(
          x: start, y: y + 3, width: length, height: Self.rowHeight - 8, fill: Self.color(of: group),
          title: "\(row.label): \(group) \(Self.format(value, signed: diverging)) \(unit)")
        if value > 0 { up += length } else { down -= length }
      }
      let net = row.values.reduce(0) { $0 + $1.value }
      let end = zero + net * unitWidth
      if diverging {
        canvas.line(x1: end, y1: y, x2: end, y2: y + Self.rowHeight - 2, stroke: "#111", width: 2)
      }
      canvas.text(
        Self.format(net, signed: diverging), x: max(up, end) + 6, y: y + 17, size: 11, weight: "bold")
    }
    let bottom = Self.top + Double(rows.count) * Self.rowHeight
    canvas.line(x1: zero, y1: Self.top - 4, x2: zero, y2: bottom, stroke: "#444")
    canvas.text(
      diverging ? "← fewer   \(unit)   more →" : unit, x: zero + (diverging ? 0 : (right - zero) / 2), y: bottom + 28,
      anchor: .middle, size: 11, fill: "#555")
    return canvas.render(label: label)
  }

  // The groups any bar shows, in the profiles' order of groups.
  private var legendGroups: [String] {
    var seen = [String]()
    for row in rows {
      for (group, value) in row.values where value != 0 && !seen.contains(group) { seen.append(group) }
    }
    let order = ProfileExplanation.defaultGroupOrder
    return order.filter(seen.contains) + seen.filter { !order.contains($0) }.sorted()
  }

  static func format(_ value: Double, signed: Bool) -> String {
    let text = String(format: signed ? "%+.1f" : "%.1f", value)
    return text == "-0.0" ? (signed ? "+0.0" : "0.0") : text
  }
}
