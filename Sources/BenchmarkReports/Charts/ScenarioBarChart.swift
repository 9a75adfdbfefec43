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
  private static let barHeight = 13.0
  private static let rowGap = 7.0
  /// Room kept right of the longest bar for its value label.
  private static let valueRoom = 104.0

  func render() -> String {
    let runs = runLabels.count
    let rowHeight = Double(runs) * Self.barHeight + Self.rowGap
    let height = Self.top + rowHeight * Double(view.strategies.count) + 8
    let timeX = Self.labelWidth
    let allocX = timeX + Self.timeWidth + Self.gap
    let notifyX = allocX + Self.countWidth + Self.gap
    let width = notifyX + Self.countWidth + 4
    var canvas = SVGCanvas(width: width, height: height)

    canvas.text("ns per operation", x: timeX, y: 14, size: 13, weight: "600")
    canvas.text("bar median · whisker 95% CI · grey tick p90", x: timeX, y: 29, size: 11, fill: "#666")
    canvas.text("allocations per op", x: allocX, y: 14, size: 13, weight: "600")
    canvas.text("median of samples", x: allocX, y: 29, size: 11, fill: "#666")
    canvas.text("notifications per op", x: notifyX, y: 14, size: 13, weight: "600")
    canvas.text(notificationNote, x: notifyX, y: 29, size: 11, fill: "#666")

    let results = (0..<runs).map { run in view.strategies.map { view.result(run: run, strategy: $0, size: size) } }
    let valid = results.flatMap { $0 }.compactMap { $0 }.filter { $0.failure == nil }
    // The axis ends at the largest interval, not the largest p90: one preempted
    // tail would otherwise squash every bar; a p90 beyond it is pinned to the end.
    let timeMax =
      valid.compactMap { result in
        result.published.map { max($0.ciHighNs.number ?? 0, $0.medianNs.number ?? 0) }
      }.max() ?? 1
    let time = AxisScale.linear(maximum: timeMax, start: timeX, end: timeX + Self.timeWidth - Self.valueRoom)
    let allocMax = valid.compactMap(\.allocationsPerOperation).max() ?? 0
    let alloc = AxisScale.linear(maximum: max(allocMax, 1), start: allocX, end: allocX + Self.countWidth - 76)
    let notifyMax = valid.compactMap(\.notificationsPerOperation).max() ?? 0
    let notify = AxisScale.linear(maximum: max(notifyMax, 1), start: notifyX, end: notifyX + Self.countWidth - 76)

    // Light column backgrounds keep the three measures apart.
    let plotHeight = height - Self.top - 4
    for (x, w) in [(timeX, Self.timeWidth), (allocX, Self.countWidth), (notifyX, Self.countWidth)] {
      canvas.rect(x: x - 4, y: Self.top - 4, width: w, height: plotHeight, fill: "#f7f7f7")
    }
    if let reference = notificationReference {
      let x = notify.position(reference)
      canvas.line(x1: x, y1: Self.top - 4, x2: x, y2: height - 8, stroke: "#555", width: 1, dash: "3 3")
    }

    for (row, strategy) in view.strategies.enumerated() {
      let rowTop = Self.top + rowHeight * Double(row)
      let color = ChartPalette.color(of: strategy)
      canvas.text(
        strategy, x: timeX - 10, y: rowTop + rowHeight / 2 + 1, anchor: .end, size: 12.5,
        weight: strategy == ReferenceStrategy.apple ? "700" : nil)
      for run in 0..<runs {
        let y = rowTop + Double(run) * Self.barHeight
        let opacity = ChartPalette.opacity(ofRun: run, of: runs)
        let runSuffix = runs > 1 ? " (\(runLabels[run]))" : ""
        guard let result = results[run][row] else {
          canvas.text("not measured", x: timeX, y: y + 10, size: 10.5, fill: "#888", italic: true)
          continue
        }
        if let failure = result.failure {
          canvas.text("failed: \(String(failure.prefix(60)))", x: timeX, y: y + 10, size: 10.5, fill: "#b00020")
          continue
        }
        guard let figures = result.published, let medianNumber = figures.medianNs.number else { continue }
        let barTop = y + 1
        let barHeight = Self.barHeight - 3
        let count = result.samples.count
        if let median = figures.medianNs.value {
          let ciLow = figures.ciLowNs.number ?? median
          let ciHigh = figures.ciHighNs.number ?? median
          let p90Value = figures.p90Ns.number ?? median
          canvas.rect(
            x: timeX, y: barTop, width: time.position(max(0, median)) - timeX, height: barHeight,
            fill: color, opacity: opacity,
            title:
              "\(strategy)\(runSuffix): median \(ChartLabel.duration(median)), 95% CI "
                + "\(HTMLReport.figureDuration(figures.ciLowNs))–\(HTMLReport.figureDuration(figures.ciHighNs)), p90 "
                + "\(HTMLReport.figureDuration(figures.p90Ns)), \(count) samples"
          )
          let middle = barTop + barHeight / 2
          let low = time.position(max(0, ciLow))
          let high = time.position(max(0, ciHigh))
          canvas.line(x1: low, y1: middle, x2: high, y2: middle, stroke: "#222", width: 1.2)
          canvas.line(x1: low, y1: middle - 3, x2: low, y2: middle + 3, stroke: "#222", width: 1.2)
          canvas.line(x1: high, y1: middle - 3, x2: high, y2: middle + 3, stroke: "#222", width: 1.2)
          let p90 = time.position(max(0, p90Value))
          canvas.line(
            x1: p90, y1: barTop - 1, x2: p90, y2: barTop + barHeight + 1, stroke: "#8a8a8a",
            width: p90Value > time.high ? 3.5 : 2)
          canvas.text(
            timeLabel(median, run: run, strategy: strategy), x: max(high, p90) + 5, y: barTop + barHeight - 0.5,
            size: 11)
        } else {
          // Nothing resolved to draw: a hollow bar to the bound says "somewhere below here".
          canvas.rect(
            x: timeX, y: barTop, width: max(1, time.position(medianNumber) - timeX), height: barHeight,
            fill: "#ffffff", opacity: 1,
            title:
              "\(strategy)\(runSuffix): below the run's resolution for this case, at most "
                + "\(ChartLabel.duration(medianNumber)) (resolution \(ChartLabel.duration(figures.resolutionNs))), "
                + "\(count) samples"
          )
          canvas.text(
            "< " + timeLabel(medianNumber, run: run, strategy: strategy), x: time.position(medianNumber) + 5,
            y: barTop + barHeight - 0.5, size: 11, fill: "#555")
        }

        if let allocations = result.allocationsPerOperation {
          canvas.rect(
            x: allocX, y: barTop, width: alloc.position(allocations) - allocX, height: barHeight, fill: color,
            opacity: opacity,
            title:
              "\(strategy)\(runSuffix): \(ChartLabel.compact(allocations)) allocations, "
                + "\(ChartLabel.compact(result.bytesPerOperation ?? 0)) bytes per operation"
          )
          canvas.text(
            ChartLabel.compact(allocations), x: alloc.position(allocations) + 5, y: barTop + barHeight - 0.5, size: 11)
        } else {
          canvas.text("n/a", x: allocX, y: barTop + barHeight - 0.5, size: 10.5, fill: "#888", italic: true)
        }

        if let notifications = result.notificationsPerOperation {
          let over = notificationReference.map { notifications > $0 * (1 + 1e-6) + 1e-9 } ?? false
          canvas.rect(
            x: notifyX, y: barTop, width: notify.position(notifications) - notifyX, height: barHeight,
            fill: over ? "#e8590c" : color, opacity: opacity,
            title: "\(strategy)\(runSuffix): \(ChartLabel.compact(notifications)) notifications per operation")
          var label = ChartLabel.compact(notifications)
          if over, let reference = notificationReference {
            label += reference > 0 ? " (\(ChartLabel.compact(notifications / reference))×)" : " (over)"
          }
          canvas.text(
            label, x: notify.position(notifications) + 5, y: barTop + barHeight - 0.5, size: 11,
            weight: over ? "700" : nil, fill: over ? "#b34100" : "#222")
        } else {
          canvas.text("not counted", x: notifyX, y: barTop + barHeight - 0.5, size: 10.5, fill: "#888", italic: true)
        }
      }
    }
    return canvas.render(
      label:
        "\(view.suite)/\(view.scenario) at size \(size): time, allocations and notifications per operation by strategy")
  }

  /// What notifications are compared with: the declared expectation, else apple's count.
  private var notificationReference: Double? {
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
  private func timeLabel(_ median: Double, run: Int, strategy: String) -> String {
    let text = ChartLabel.duration(median)
    guard strategy != ReferenceStrategy.apple,
      let published = view.result(run: run, strategy: strategy, size: size)?.published,
      let ratio = published.ratioToApple
    else { return text }
    if case .unresolved = ratio { return text }
    return "\(text) · \(NumberFormat.ratio(ratio, interval: published.ratioInterval))"
  }
}
