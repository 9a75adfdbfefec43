import BenchmarkKit

/// A pattern's answer as a chart: every strategy's ratio to `apple` at the
/// answered case, cheapest first, a dot at the ratio and a whisker over its 95%
/// interval on a log axis, with `apple` (1×) as a line — where a reader would
/// rather look than read a table.
enum PatternChart {
  /// The chart of `cases` (one scenario and size); empty when fewer than two
  /// strategies have a ratio.
  static func svg(_ cases: [CaseResult], cheapest: String?) -> String {
    let rows = cases.compactMap { result -> (String, Double, ClosedRange<Double>?)? in
      guard Publication.isChoice(result.strategy) || result.strategy == ReferenceStrategy.floor,
        let ratio = result.published?.ratioToApple?.value, ratio > 0
      else { return nil }
      return (result.strategy, ratio, result.published?.ratioInterval)
    }.sorted { $0.1 < $1.1 }
    guard rows.count > 1 else { return "" }
    let values = rows.flatMap { [$0.1, $0.2?.lowerBound ?? $0.1, $0.2?.upperBound ?? $0.1] }.filter { $0 > 0 } + [1]
    let labelWidth = 250.0
    let width = 900.0
    let rowHeight = 17.0
    let top = 22.0
    let height = top + Double(rows.count) * rowHeight + 26
    let axis = AxisScale.log(
      minimum: values.min() ?? 0.1, maximum: values.max() ?? 10, start: labelWidth, end: width - 20)
    var canvas = SVGCanvas(width: width, height: height)
    let bottom = top + Double(rows.count) * rowHeight
    for tick in axis.ticks {
      let x = axis.position(tick)
      canvas.line(x1: x, y1: top - 4, x2: x, y2: bottom, stroke: "#e6e6e6")
      canvas.text(NumberFormat.ratio(tick), x: x, y: bottom + 14, anchor: .middle, size: 10, fill: "#666")
    }
    let one = axis.position(1)
    canvas.line(x1: one, y1: top - 8, x2: one, y2: bottom, stroke: "#444", width: 1.4, dash: "4 3")
    canvas.text("apple 1×", x: one + 4, y: top - 8, size: 10.5, fill: "#444")
    for (row, (strategy, ratio, interval)) in rows.enumerated() {
      let y = top + Double(row) * rowHeight + rowHeight / 2
      let isCheapest = strategy == cheapest
      canvas.text(
        strategy, x: labelWidth - 8, y: y + 4, anchor: .end, size: 11, weight: isCheapest ? "600" : nil,
        fill: strategy == ReferenceStrategy.floor ? "#777" : "#222")
      let color = ratio > 1 ? "#b34100" : "#1f6f3f"
      if let interval {
        canvas.line(
          x1: axis.position(interval.lowerBound), y1: y, x2: axis.position(interval.upperBound), y2: y,
          stroke: color, width: 2)
      }
      let title =
        "\(strategy): \(NumberFormat.ratio(ratio))"
        + (interval.map { " (\(NumberFormat.ratio($0.lowerBound))–\(NumberFormat.ratio($0.upperBound)))" } ?? "")
      canvas.circle(cx: axis.position(ratio), cy: y, r: isCheapest ? 5 : 3.6, fill: color, title: title)
    }
    return canvas.render(label: "Each strategy's ratio to apple with its 95% interval, cheapest first")
  }
}
