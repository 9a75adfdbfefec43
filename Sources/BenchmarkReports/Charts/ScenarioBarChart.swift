import BenchmarkKit

/// The bar chart of one scenario at one size: a row per strategy, and three
/// columns — time per operation, allocations per operation, notifications per
/// operation — sharing the row labels.
///
/// Time bars are the published medians (``CaseResult/published``) with the
/// published 95 % interval of the median as error bars and a grey tick at the
/// 90th percentile. A notification bar above the
/// reference (what `apple` does, or what the case declared) is drawn in the
/// warning colour with its excess, so over-notification shows at a glance. With
/// several runs each row holds one bar per run, later runs lighter.
struct ScenarioBarChart {
  var view: ScenarioView
  var size: Int
  var runLabels: [String]

  private static let labelWidth = 180.0
  private static let timeWidth = 270.0
  private static let countWidth = 160.0
  private static let gap = 18.0
  private static let top = 42.0
  /// The height of one run's slot in a row.
  static let barHeight = 13.0
  private static let rowGap = 7.0
  /// Room kept right of the longest bar for its value label.
  private static let valueRoom = 104.0

  /// The chart as an SVG element.
  func render() -> String {
    let layout = Layout(runs: runLabels.count, rows: view.strategies.count)
    var canvas = SVGCanvas(width: layout.width, height: layout.height)
    drawHeadings(on: &canvas, layout)
    let results = (0..<layout.runs).map { run in
      view.strategies.map { view.result(run: run, strategy: $0, size: size) }
    }
    let scales = Scales(measuring: results.flatMap { $0 }.compactMap { $0 }.filter { $0.failure == nil }, layout)
    drawBackground(on: &canvas, layout, scales)
    for (row, strategy) in view.strategies.enumerated() {
      drawRow(row, of: strategy, results: results.map { $0[row] }, on: &canvas, layout, scales)
    }
    return canvas.render(
      label:
        "\(view.suite)/\(view.scenario) at size \(size): time, allocations and notifications per operation by strategy")
  }

  /// The left edge of each column, and the height of a row and of the chart.
  struct Layout {
    var runs: Int
    var rowHeight: Double
    var height: Double
    var timeX: Double
    var allocX: Double
    var notifyX: Double
    var width: Double

    init(runs: Int, rows: Int) {
      self.runs = runs
      rowHeight = Double(runs) * ScenarioBarChart.barHeight + ScenarioBarChart.rowGap
      height = ScenarioBarChart.top + rowHeight * Double(rows) + 8
      timeX = ScenarioBarChart.labelWidth
      allocX = timeX + ScenarioBarChart.timeWidth + ScenarioBarChart.gap
      notifyX = allocX + ScenarioBarChart.countWidth + ScenarioBarChart.gap
      width = notifyX + ScenarioBarChart.countWidth + 4
    }
  }

  /// The axis of each column, from the largest value any run drew in it.
  struct Scales {
    var time: AxisScale
    var alloc: AxisScale
    var notify: AxisScale

    init(measuring valid: [CaseResult], _ layout: Layout) {
      // The axis ends at the largest interval, not the largest p90: one preempted
      // tail would otherwise squash every bar; a p90 beyond it is pinned to the end.
      let timeMax =
        valid.compactMap { result in
          result.published.map { max($0.ciHighNs.number ?? 0, $0.medianNs.number ?? 0) }
        }.max() ?? 1
      time = AxisScale.linear(
        maximum: timeMax, start: layout.timeX,
        end: layout.timeX + ScenarioBarChart.timeWidth - ScenarioBarChart.valueRoom)
      let allocMax = valid.compactMap(\.allocationsPerOperation).max() ?? 0
      alloc = AxisScale.linear(
        maximum: max(allocMax, 1), start: layout.allocX, end: layout.allocX + ScenarioBarChart.countWidth - 76)
      let notifyMax = valid.compactMap(\.notificationsPerOperation).max() ?? 0
      notify = AxisScale.linear(
        maximum: max(notifyMax, 1), start: layout.notifyX, end: layout.notifyX + ScenarioBarChart.countWidth - 76)
    }
  }

  /// The title and the note under it of each column.
  private func drawHeadings(on canvas: inout SVGCanvas, _ layout: Layout) {
    canvas.text("ns per operation", x: layout.timeX, y: 14, size: 13, weight: "600")
    canvas.text("bar median · whisker 95% CI · grey tick p90", x: layout.timeX, y: 29, size: 11, fill: "#666")
    canvas.text("allocations per op", x: layout.allocX, y: 14, size: 13, weight: "600")
    canvas.text("median of samples", x: layout.allocX, y: 29, size: 11, fill: "#666")
    canvas.text("notifications per op", x: layout.notifyX, y: 14, size: 13, weight: "600")
    canvas.text(notificationNote, x: layout.notifyX, y: 29, size: 11, fill: "#666")
  }

  /// The columns' backgrounds, and the dashed line of the notification reference.
  private func drawBackground(on canvas: inout SVGCanvas, _ layout: Layout, _ scales: Scales) {
    // Light column backgrounds keep the three measures apart.
    let plotHeight = layout.height - Self.top - 4
    for (x, w) in [(layout.timeX, Self.timeWidth), (layout.allocX, Self.countWidth), (layout.notifyX, Self.countWidth)]
    {
      canvas.rect(x: x - 4, y: Self.top - 4, width: w, height: plotHeight, fill: "#f7f7f7")
    }
    if let reference = notificationReference {
      let x = scales.notify.position(reference)
      canvas.line(x1: x, y1: Self.top - 4, x2: x, y2: layout.height - 8, stroke: "#555", width: 1, dash: "3 3")
    }
  }

  /// A strategy's row: its name, then each run's three bars, or why a run has none.
  private func drawRow(
    _ row: Int, of strategy: String, results: [CaseResult?], on canvas: inout SVGCanvas, _ layout: Layout,
    _ scales: Scales
  ) {
    let rowTop = Self.top + layout.rowHeight * Double(row)
    let color = ChartPalette.color(of: strategy)
    canvas.text(
      strategy, x: layout.timeX - 10, y: rowTop + layout.rowHeight / 2 + 1, anchor: .end, size: 12.5,
      weight: strategy == ReferenceStrategy.apple ? "700" : nil)
    for (run, result) in results.enumerated() {
      let y = rowTop + Double(run) * Self.barHeight
      guard let result else {
        canvas.text("not measured", x: layout.timeX, y: y + 10, size: 10.5, fill: "#888", italic: true)
        continue
      }
      if let failure = result.failure {
        canvas.text(
          "failed: \(String(failure.prefix(60)))", x: layout.timeX, y: y + 10, size: 10.5, fill: "#b00020")
        continue
      }
      guard let figures = result.published, let medianNumber = figures.medianNs.number else { continue }
      let bar = Bar(
        name: strategy + (layout.runs > 1 ? " (\(runLabels[run]))" : ""), strategy: strategy, run: run, top: y + 1,
        color: color, opacity: ChartPalette.opacity(ofRun: run, of: layout.runs))
      if let median = figures.medianNs.value {
        drawTimeBar(bar, median: median, figures, samples: result.samples.count, on: &canvas, layout, scales)
      } else {
        drawBoundBar(bar, bound: medianNumber, figures, samples: result.samples.count, on: &canvas, layout, scales)
      }
      drawAllocationBar(bar, result, on: &canvas, layout, scales)
      drawNotificationBar(bar, result, on: &canvas, layout, scales)
    }
  }

  /// What notifications are compared with: the declared expectation, else apple's count.
  var notificationReference: Double? {
    for run in runLabels.indices {
      for strategy in view.strategies {
        if let expected = view.result(run: run, strategy: strategy, size: size)?.expectedNotificationsPerOperation {
          return expected
        }
      }
    }
    return view.result(run: runLabels.count - 1, strategy: ReferenceStrategy.apple, size: size)?
      .notificationsPerOperation
  }

  private var notificationNote: String {
    let hasExpected = view.strategies.contains {
      view.result(run: runLabels.count - 1, strategy: $0, size: size)?.expectedNotificationsPerOperation != nil
    }
    if hasExpected { return "dashed: expected · orange: over" }
    return notificationReference == nil ? "" : "dashed: apple · orange: over"
  }

  /// The time and the published ratio to `apple`, when there is one.
  func timeLabel(_ median: Double, run: Int, strategy: String) -> String {
    let text = ChartLabel.duration(median)
    guard strategy != ReferenceStrategy.apple,
      let published = view.result(run: run, strategy: strategy, size: size)?.published,
      let ratio = published.ratioToApple
    else { return text }
    if case .unresolved = ratio { return text }
    return "\(text) · \(NumberFormat.ratio(ratio, interval: published.ratioInterval))"
  }
}
