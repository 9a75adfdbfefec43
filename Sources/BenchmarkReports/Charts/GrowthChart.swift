import BenchmarkKit
import Foundation

/// The log-log chart of one sweep: median time per operation against size, one
/// line per strategy, the fitted growth exponent beside each name in the legend.
///
/// On log-log axes a power law is a straight line whose slope is its exponent:
/// 0 flat, 1 linear, 2 quadratic. With several runs each run gets its own dash
/// pattern and the legend gives each run's exponent.
struct GrowthChart {
  var view: ScenarioView
  var runs: ReportRuns

  private static let plotLeft = 62.0
  private static let plotWidth = 230.0
  private static let plotTop = 30.0
  private static let plotHeight = 230.0
  private static let legendGap = 20.0
  private static let legendRow = 16.0

  func render() -> String {
    let series = view.strategies.map { strategy in
      runs.entries.indices.map { run in
        view.sizes.compactMap { size -> (size: Int, median: Double)? in
          guard let result = view.result(run: run, strategy: strategy, size: size), result.failure == nil,
            let median = result.published?.medianNs.value
          else { return nil }
          return (size, median)
        }
      }
    }
    let medians = series.flatMap { $0.flatMap { $0.map(\.median) } }
    let legendX = Self.plotLeft + Self.plotWidth + Self.legendGap
    let legendRows = Double(view.strategies.count) + (runs.isSideBySide ? Double(runs.entries.count) + 1 : 0)
    let height = max(Self.plotTop + Self.plotHeight + 44, Self.plotTop + legendRows * Self.legendRow + 10)
    let width = legendX + (runs.isSideBySide ? 250 : 215)
    var canvas = SVGCanvas(width: width, height: height)
    canvas.text("ns per operation against size (log-log)", x: Self.plotLeft, y: 14, size: 13, weight: "600")
    let bottom = Self.plotTop + Self.plotHeight
    guard let low = medians.min(), let high = medians.max() else {
      canvas.text("no positive medians to plot", x: Self.plotLeft, y: Self.plotTop + 20, size: 12, fill: "#888")
      return canvas.render(label: "\(view.suite)/\(view.scenario): no data")
    }
    let x = AxisScale.log(
      minimum: Double(view.sizes.first!), maximum: Double(view.sizes.last!), start: Self.plotLeft,
      end: Self.plotLeft + Self.plotWidth)
    let y = AxisScale.log(minimum: low, maximum: high, start: bottom, end: Self.plotTop)

    canvas.rect(
      x: Self.plotLeft, y: Self.plotTop, width: Self.plotWidth, height: Self.plotHeight, fill: "#fafafa", stroke: "#ccc"
    )
    for tick in y.ticks {
      let position = y.position(tick)
      canvas.line(x1: Self.plotLeft, y1: position, x2: Self.plotLeft + Self.plotWidth, y2: position, stroke: "#e3e3e3")
      canvas.text(
        ChartLabel.duration(tick), x: Self.plotLeft - 6, y: position + 4, anchor: .end, size: 10.5, fill: "#555")
    }
    for tick in x.ticks {
      let position = x.position(tick)
      canvas.line(x1: position, y1: Self.plotTop, x2: position, y2: bottom, stroke: "#e3e3e3")
      canvas.text(ChartLabel.count(tick), x: position, y: bottom + 17, anchor: .middle, size: 10.5, fill: "#555")
    }
    canvas.text(
      "size", x: Self.plotLeft + Self.plotWidth / 2, y: bottom + 32, anchor: .middle, size: 11.5, fill: "#444")

    for (index, strategy) in view.strategies.enumerated() {
      let color = ChartPalette.color(of: strategy)
      for (run, points) in series[index].enumerated() {
        let placed = points.map { (x: x.position(Double($0.size)), y: y.position($0.median)) }
        canvas.polyline(
          placed, stroke: color, width: strategy == ReferenceStrategy.apple ? 2.6 : 1.8,
          dash: ChartPalette.dash(ofRun: run))
        for (point, source) in zip(placed, points) {
          canvas.circle(
            cx: point.x, cy: point.y, r: 2.8, fill: color,
            title:
              "\(strategy)\(runs.isSideBySide ? " (\(runs.entries[run].label))" : ""): size \(source.size), "
                + "\(ChartLabel.duration(source.median))"
          )
        }
      }
      let rowY = Self.plotTop + Double(index) * Self.legendRow + 8
      canvas.line(x1: legendX, y1: rowY - 4, x2: legendX + 16, y2: rowY - 4, stroke: color, width: 3)
      let exponents = series[index].map { GrowthFit.slope(points: $0).map { NumberFormat.fixed($0, 2) } ?? "–" }
      canvas.text(
        "\(strategy)  k=\(exponents.joined(separator: " / "))", x: legendX + 22, y: rowY, size: 11.5,
        weight: strategy == ReferenceStrategy.apple ? "700" : nil)
    }
    if runs.isSideBySide {
      let first = Self.plotTop + (Double(view.strategies.count) + 0.6) * Self.legendRow + 8
      for (run, entry) in runs.entries.enumerated() {
        let rowY = first + Double(run) * Self.legendRow
        canvas.line(
          x1: legendX, y1: rowY - 4, x2: legendX + 16, y2: rowY - 4, stroke: "#333", width: 2,
          dash: ChartPalette.dash(ofRun: run))
        canvas.text(entry.label, x: legendX + 22, y: rowY, size: 11.5, fill: "#333")
      }
    }
    return canvas.render(label: "\(view.suite)/\(view.scenario): time per operation against size, log-log, by strategy")
  }
}
