import BenchmarkKit
import Foundation

/// The trend of one suite's headline case across runs: two panels side by side,
/// the ratio to `apple` and the median ns per operation, one line per strategy,
/// runs along the x axis in report order (labelled with the run's name, commit
/// and date).
///
/// Each resolved figure is a dot with a whisker for its 95% interval; dots of one
/// strategy in consecutive runs are joined. A figure under the case's resolution
/// is a bound, drawn as an open triangle pointing down at the bound and never
/// joined to the line, so no value is invented. Both axes are logarithmic: the
/// strategies span two decades of ratio.
struct TrendChart {
  var trend: Trend
  var runs: ReportRuns

  private static let panelWidth = 330.0
  private static let panelHeight = 230.0
  private static let left = 64.0
  private static let gap = 86.0
  private static let top = 34.0
  private static let legendRow = 15.0

  /// Which figure a panel plots.
  private enum Panel {
    case ratio, median
  }

  func render() -> String {
    let rightPanel = Self.left + Self.panelWidth + Self.gap
    let legendX = rightPanel + Self.panelWidth + 24
    let bottom = Self.top + Self.panelHeight
    let legendHeight = Self.top + Double(trend.strategies.count + 3) * Self.legendRow
    let height = max(bottom + 58, legendHeight + 8)
    var canvas = SVGCanvas(width: legendX + 230, height: height)
    canvas.text(
      "ratio to apple (log)", x: Self.left, y: 16, size: 12.5, weight: "600")
    canvas.text("ns per operation (log)", x: rightPanel, y: 16, size: 12.5, weight: "600")
    draw(.ratio, at: Self.left, on: &canvas)
    draw(.median, at: rightPanel, on: &canvas)

    for (index, strategy) in trend.strategies.enumerated() {
      let y = Self.top + Double(index) * Self.legendRow + 4
      let color = ChartPalette.color(of: strategy)
      canvas.line(x1: legendX, y1: y - 4, x2: legendX + 16, y2: y - 4, stroke: color, width: 3)
      canvas.text(strategy, x: legendX + 22, y: y, size: 11, weight: strategy == ReferenceStrategy.apple ? "700" : nil)
    }
    let keyY = Self.top + Double(trend.strategies.count) * Self.legendRow + 14
    canvas.circle(cx: legendX + 8, cy: keyY - 4, r: 3, fill: "#555")
    canvas.line(x1: legendX + 8, y1: keyY - 10, x2: legendX + 8, y2: keyY + 2, stroke: "#555")
    canvas.text("median, 95% interval", x: legendX + 22, y: keyY, size: 11, fill: "#444")
    canvas.polygon(Self.triangle(x: legendX + 8, y: keyY + Self.legendRow - 4), fill: "#fff", stroke: "#555")
    canvas.text("bound: below the resolution", x: legendX + 22, y: keyY + Self.legendRow, size: 11, fill: "#444")
    return canvas.render(
      label:
        "\(trend.suite)/\(trend.scenario) at size \(trend.size): ratio to apple and ns per operation across "
          + "\(runs.entries.count) runs"
    )
  }

  /// One panel: axes, run labels, then every strategy's line, dots, whiskers and bounds.
  private func draw(_ panel: Panel, at left: Double, on canvas: inout SVGCanvas) {
    let bottom = Self.top + Self.panelHeight
    let strategies = panel == .ratio ? trend.strategies.filter { $0 != ReferenceStrategy.apple } : trend.strategies
    var numbers = [Double]()
    for strategy in strategies {
      for point in trend.points[strategy] ?? [] {
        guard let point, let figure = figure(of: point, in: panel), let number = figure.number, number > 0 else {
          continue
        }
        numbers.append(number)
        if let interval = interval(of: point, in: panel) {
          numbers += [interval.lowerBound, interval.upperBound].filter { $0 > 0 }
        }
      }
    }
    if panel == .ratio { numbers.append(1) }
    canvas.rect(x: left, y: Self.top, width: Self.panelWidth, height: Self.panelHeight, fill: "#fafafa", stroke: "#ccc")
    let slots = runs.entries.count
    let slot = Self.panelWidth / Double(slots)
    for (index, entry) in runs.entries.enumerated() {
      let x = left + slot * (Double(index) + 0.5)
      canvas.line(x1: x, y1: Self.top, x2: x, y2: bottom, stroke: "#e8e8e8")
      for (line, text) in Self.runLabel(entry).enumerated() {
        canvas.text(
          text, x: x, y: bottom + 15 + Double(line) * 13, anchor: .middle, size: line == 0 ? 11 : 10,
          weight: line == 0 ? "600" : nil, fill: line == 0 ? "#222" : "#666")
      }
    }
    guard let low = numbers.min(), let high = numbers.max() else {
      canvas.text("nothing resolved to plot", x: left + 10, y: Self.top + 20, size: 12, fill: "#888")
      return
    }
    let y = AxisScale.log(minimum: low, maximum: high, start: bottom, end: Self.top)
    for tick in y.ticks {
      let position = y.position(tick)
      canvas.line(x1: left, y1: position, x2: left + Self.panelWidth, y2: position, stroke: "#e3e3e3")
      let label = panel == .ratio ? Self.ratioTick(tick) : ChartLabel.duration(tick)
      canvas.text(label, x: left - 6, y: position + 4, anchor: .end, size: 10.5, fill: "#555")
    }
    if panel == .ratio {
      let one = y.position(1)
      canvas.line(
        x1: left, y1: one, x2: left + Self.panelWidth, y2: one, stroke: ChartPalette.apple, width: 1.2, dash: "5 3")
      canvas.text(
        ReferenceStrategy.apple, x: left + Self.panelWidth - 4, y: one - 4, anchor: .end, size: 10, fill: "#333")
    }
    // Strategies sit side by side within a run's slot, so whiskers do not cover each other.
    let spread = min(7, slot * 0.7 / Double(max(strategies.count, 1)))
    for (index, strategy) in strategies.enumerated() {
      let color = ChartPalette.color(of: strategy)
      let offset = (Double(index) - Double(strategies.count - 1) / 2) * spread
      var segment = [(x: Double, y: Double)]()
      for (run, point) in (trend.points[strategy] ?? []).enumerated() {
        let x = left + slot * (Double(run) + 0.5) + offset
        guard let point, let figure = figure(of: point, in: panel) else {
          canvas.polyline(segment, stroke: color, width: 1.6)
          segment = []
          continue
        }
        let title = "\(strategy), \(runs.entries[run].label): \(describe(point, in: panel))"
        switch figure {
        case .value(let value) where value > 0:
          if let interval = interval(of: point, in: panel) {
            canvas.line(
              x1: x, y1: y.position(interval.lowerBound), x2: x, y2: y.position(interval.upperBound), stroke: color,
              width: 1.2)
          }
          segment.append((x, y.position(value)))
          canvas.circle(cx: x, cy: y.position(value), r: 2.8, fill: color, title: title)
        case .below(let bound) where bound > 0:
          canvas.polyline(segment, stroke: color, width: 1.6)
          segment = []
          canvas.polygon(Self.triangle(x: x, y: y.position(bound)), fill: "#fff", stroke: color, title: title)
        default:
          canvas.polyline(segment, stroke: color, width: 1.6)
          segment = []
        }
      }
      canvas.polyline(segment, stroke: color, width: 1.6)
    }
  }

  private func figure(of point: Trend.Point, in panel: Panel) -> Figure? {
    panel == .ratio ? point.ratio : point.median
  }

  private func interval(of point: Trend.Point, in panel: Panel) -> ClosedRange<Double>? {
    panel == .ratio ? point.ratioInterval : point.medianInterval
  }

  private func describe(_ point: Trend.Point, in panel: Panel) -> String {
    switch panel {
    case .ratio:
      let interval =
        point.ratioInterval.map { " (95% \(NumberFormat.ratio($0.lowerBound)) – \(NumberFormat.ratio($0.upperBound)))" }
        ?? ""
      return NumberFormat.ratio(point.ratio) + interval
    case .median:
      let interval =
        point.medianInterval.map {
          " (95% \(ChartLabel.duration($0.lowerBound)) – \(ChartLabel.duration($0.upperBound)))"
        } ?? ""
      return HTMLReport.figureDuration(point.median) + interval
    }
  }

  /// A ratio axis label: `0.01×`, `10×`; `%g` keeps ratios under 0.001 from
  /// rounding to `0×`.
  static func ratioTick(_ value: Double) -> String {
    (value < 0.001 ? String(format: "%g", value) : ChartLabel.compact(value)) + "×"
  }

  /// A small triangle pointing down, its tip at (`x`, `y`): "below this".
  private static func triangle(x: Double, y: Double) -> [(x: Double, y: Double)] {
    [(x - 4, y - 7), (x + 4, y - 7), (x, y)]
  }

  /// Three lines under a run's slot: its label, its commit (7 characters, `-dirty`
  /// kept) and its date (UTC, to the minute).
  static func runLabel(_ entry: ReportRuns.Entry) -> [String] {
    let commit = ExportedCase.commit(of: entry.run)
    let dirty = commit.hasSuffix("-dirty")
    let short = String(commit.prefix(7)) + (dirty ? "-dirty" : "")
    let date = entry.run.environment.date.replacingOccurrences(of: "T", with: " ").prefix(16)
    return [String(entry.label.prefix(18)), short, String(date)]
  }
}
