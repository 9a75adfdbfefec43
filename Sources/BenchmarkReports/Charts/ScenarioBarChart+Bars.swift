import BenchmarkKit

/// The bars of one run in a strategy's row: time, allocations and notifications.
extension ScenarioBarChart {
  /// One run's bars in a strategy's row: whose they are and where they sit.
  struct Bar {
    /// The strategy, and the run's label when there are several, for tooltips.
    var name: String
    var strategy: String
    var run: Int
    var top: Double
    var color: String
    var opacity: Double

    /// The thickness of a bar, less than its slot so that runs' bars stay apart.
    static let height = ScenarioBarChart.barHeight - 3
    /// Where a value label's baseline sits.
    var labelY: Double { top + Self.height - 0.5 }
  }

  /// A resolved median's bar, its 95% interval as a whisker, a grey tick at p90
  /// (thicker when pinned to the axis's end), and the time with its ratio.
  func drawTimeBar(
    _ bar: Bar, median: Double, _ figures: PublishedFigures, samples: Int, on canvas: inout SVGCanvas,
    _ layout: Layout, _ scales: Scales
  ) {
    let time = scales.time
    let ciLow = figures.ciLowNs.number ?? median
    let ciHigh = figures.ciHighNs.number ?? median
    let p90Value = figures.p90Ns.number ?? median
    canvas.rect(
      x: layout.timeX, y: bar.top, width: time.position(max(0, median)) - layout.timeX, height: Bar.height,
      fill: bar.color, opacity: bar.opacity,
      title:
        "\(bar.name): median \(ChartLabel.duration(median)), 95% CI "
        + "\(HTMLReport.figureDuration(figures.ciLowNs))–\(HTMLReport.figureDuration(figures.ciHighNs)), p90 "
        + "\(HTMLReport.figureDuration(figures.p90Ns)), \(samples) samples"
    )
    let middle = bar.top + Bar.height / 2
    let low = time.position(max(0, ciLow))
    let high = time.position(max(0, ciHigh))
    canvas.line(x1: low, y1: middle, x2: high, y2: middle, stroke: "#222", width: 1.2)
    canvas.line(x1: low, y1: middle - 3, x2: low, y2: middle + 3, stroke: "#222", width: 1.2)
    canvas.line(x1: high, y1: middle - 3, x2: high, y2: middle + 3, stroke: "#222", width: 1.2)
    let p90 = time.position(max(0, p90Value))
    canvas.line(
      x1: p90, y1: bar.top - 1, x2: p90, y2: bar.top + Bar.height + 1, stroke: "#8a8a8a",
      width: p90Value > time.high ? 3.5 : 2)
    canvas.text(
      timeLabel(median, run: bar.run, strategy: bar.strategy), x: max(high, p90) + 5, y: bar.labelY, size: 11)
  }

  /// A median below the run's resolution: nothing resolved to draw, so a hollow
  /// bar to the bound says "somewhere below here".
  func drawBoundBar(
    _ bar: Bar, bound: Double, _ figures: PublishedFigures, samples: Int, on canvas: inout SVGCanvas,
    _ layout: Layout, _ scales: Scales
  ) {
    canvas.rect(
      x: layout.timeX, y: bar.top, width: max(1, scales.time.position(bound) - layout.timeX), height: Bar.height,
      fill: "#ffffff", opacity: 1,
      title:
        "\(bar.name): below the run's resolution for this case, at most "
        + "\(ChartLabel.duration(bound)) (resolution \(ChartLabel.duration(figures.resolutionNs))), "
        + "\(samples) samples"
    )
    canvas.text(
      "< " + timeLabel(bound, run: bar.run, strategy: bar.strategy), x: scales.time.position(bound) + 5,
      y: bar.labelY, size: 11, fill: "#555")
  }

  /// A run's allocations per operation, or "n/a" where they were not counted.
  func drawAllocationBar(
    _ bar: Bar, _ result: CaseResult, on canvas: inout SVGCanvas, _ layout: Layout, _ scales: Scales
  ) {
    guard let allocations = result.allocationsPerOperation else {
      canvas.text("n/a", x: layout.allocX, y: bar.labelY, size: 10.5, fill: "#888", italic: true)
      return
    }
    canvas.rect(
      x: layout.allocX, y: bar.top, width: scales.alloc.position(allocations) - layout.allocX, height: Bar.height,
      fill: bar.color, opacity: bar.opacity,
      title:
        "\(bar.name): \(ChartLabel.compact(allocations)) allocations, "
        + "\(ChartLabel.compact(result.bytesPerOperation ?? 0)) bytes per operation"
    )
    canvas.text(
      ChartLabel.compact(allocations), x: scales.alloc.position(allocations) + 5, y: bar.labelY, size: 11)
  }

  /// A run's notifications per operation, in the warning colour with its excess
  /// when above the reference; "not counted" where the case counts none.
  func drawNotificationBar(
    _ bar: Bar, _ result: CaseResult, on canvas: inout SVGCanvas, _ layout: Layout, _ scales: Scales
  ) {
    guard let notifications = result.notificationsPerOperation else {
      canvas.text("not counted", x: layout.notifyX, y: bar.labelY, size: 10.5, fill: "#888", italic: true)
      return
    }
    let over = notificationReference.map { notifications > $0 * (1 + 1e-6) + 1e-9 } ?? false
    canvas.rect(
      x: layout.notifyX, y: bar.top, width: scales.notify.position(notifications) - layout.notifyX,
      height: Bar.height, fill: over ? "#e8590c" : bar.color, opacity: bar.opacity,
      title: "\(bar.name): \(ChartLabel.compact(notifications)) notifications per operation")
    var label = ChartLabel.compact(notifications)
    if over, let reference = notificationReference {
      label += reference > 0 ? " (\(ChartLabel.compact(notifications / reference))×)" : " (over)"
    }
    canvas.text(
      label, x: scales.notify.position(notifications) + 5, y: bar.labelY, size: 11,
      weight: over ? "700" : nil, fill: over ? "#b34100" : "#222")
  }
}
