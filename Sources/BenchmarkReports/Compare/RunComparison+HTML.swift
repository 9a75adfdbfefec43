import BenchmarkKit

extension RunComparison {
  /// A self-contained page: the counts, a chart of every compared case's ratio
  /// with its interval, and the table of every case.
  public func html(baselineLabel: String = "baseline", currentLabel: String = "current") -> String {
    """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"/><title>ObservationBench comparison</title>
    <style>
    \(HTMLStyle.css)
    </style></head><body><main>
    <h1>ObservationBench comparison</h1>
    <p class="lede">\(HTMLText.escape(currentLabel)) against \(HTMLText.escape(baselineLabel)), \
    threshold \(NumberFormat.fixed(threshold * 100, 1))%.</p>
    \(htmlFragment(significantOnly: false))
    </main></body></html>

    """
  }

  /// The verdict, counts, ratio chart and table, for embedding in a report;
  /// `significantOnly` leaves out unchanged and noisy cases.
  public func htmlFragment(significantOnly: Bool) -> String {
    let shown = significantOnly ? significantRows : rows.filter { $0.change?.value != nil || $0.verdict != .unchanged }
    var html =
      "<p><strong>\(HTMLText.escape(verdictLine))</strong><br/>\(HTMLText.escape(machine.summary))"
      + "<br/>\(HTMLText.escape(countsLine))</p>\n"
    guard !shown.isEmpty else {
      return html + "<p class=\"note\">No significant change.</p>\n"
    }
    html += ratioChart(shown) + "\n"
    html +=
      "<table class=\"compare\"><tr><th class=\"case\">case</th><th>baseline</th><th>current</th><th>beyond "
      + "machine</th><th>99% CI</th><th>p</th><th>detects</th><th class=\"case\">verdict</th></tr>\n"
    for row in shown {
      html += "<tr class=\"\(row.verdict.rawValue)\"><td class=\"case\">\(HTMLText.escape(row.key.description))</td>"
      html +=
        "<td>\(HTMLText.escape(figureText(row.baseline)))</td><td>\(HTMLText.escape(figureText(row.current)))</td>"
      html +=
        "<td>\(HTMLText.escape(changeText(row.change)))</td><td>\(intervalText(row.interval))</td>"
        + "<td>\(HTMLText.escape(pText(row.pValue)))</td><td>\(HTMLText.escape(row.detectableText))</td>"
      html += "<td class=\"case\">\(HTMLText.escape(verdictLabel(row)))</td></tr>\n"
    }
    return html + "</table>\n"
  }

  /// Each case's ratio as a dot with its interval on a logarithmic axis, the
  /// threshold band shaded: a regression sits right of the band, clear of 1. A
  /// ratio that is a bound (a median under its resolution on one side) is an open
  /// triangle at the bound, pointing the way the ratio may lie.
  private func ratioChart(_ shown: [Row]) -> String {
    let plotted = shown.filter { ($0.change?.number ?? 0) > 0 }
    guard !plotted.isEmpty else { return "" }
    let labelWidth = 380.0
    let plotWidth = 520.0
    let rowHeight = 17.0
    let top = 34.0
    let values = plotted.flatMap {
      [
        $0.change!.number!, $0.interval?.lowerBound ?? $0.change!.number!,
        $0.interval?.upperBound ?? $0.change!.number!,
      ]
    }
    .filter { $0 > 0 }
    let x = AxisScale.log(
      minimum: min(values.min() ?? 1, 1 / 1.5), maximum: max(values.max() ?? 1, 1.5), start: labelWidth,
      end: labelWidth + plotWidth)
    var canvas = SVGCanvas(width: labelWidth + plotWidth + 90, height: top + rowHeight * Double(plotted.count) + 10)
    // An A/B run's change is each case's standing against the reference beside
    // it, pair by pair: no machine factor enters it.
    let axis =
      machine.pairing == nil
      ? "current / baseline / machine factor (log scale) · dot: ratio of medians"
      : "current / baseline, pass pair by pass pair, against apple beside it (log scale) · dot: the change"
    canvas.text("\(axis) · line: 99% interval · band: ±threshold", x: labelWidth, y: 12, size: 11.5, fill: "#555")
    let bandLow = x.position(1 / (1 + threshold))
    let bandHigh = x.position(1 + threshold)
    canvas.rect(
      x: bandLow, y: top - 6, width: bandHigh - bandLow, height: rowHeight * Double(plotted.count) + 6, fill: "#eeeeee")
    for tick in x.ticks {
      let position = x.position(tick)
      canvas.line(
        x1: position, y1: top - 6, x2: position, y2: top + rowHeight * Double(plotted.count),
        stroke: tick == 1 ? "#666" : "#e0e0e0", width: tick == 1 ? 1.4 : 1)
      canvas.text(NumberFormat.ratio(tick), x: position, y: top - 9, anchor: .middle, size: 10.5, fill: "#555")
    }
    for (index, row) in plotted.enumerated() {
      let y = top + rowHeight * Double(index) + rowHeight / 2
      let color = row.verdict == .regressed ? "#c62828" : row.verdict == .improved ? "#2e7d32" : "#777777"
      canvas.text(row.key.description, x: labelWidth - 8, y: y + 4, anchor: .end, size: 11.5)
      if let interval = row.interval {
        canvas.line(
          x1: x.position(interval.lowerBound), y1: y, x2: x.position(interval.upperBound), y2: y, stroke: color,
          width: 2)
      }
      let title = "\(row.key): \(changeText(row.change)), \(row.verdict.rawValue)"
      let at = x.position(row.change!.number!)
      switch row.change! {
      case .value:
        canvas.circle(cx: at, cy: y, r: 4, fill: color, title: title)
      case .below:
        canvas.polygon([(at + 4, y - 4.5), (at + 4, y + 4.5), (at - 5, y)], fill: "none", stroke: color, title: title)
      default:
        canvas.polygon([(at - 4, y - 4.5), (at - 4, y + 4.5), (at + 5, y)], fill: "none", stroke: color, title: title)
      }
      canvas.text(changeText(row.change), x: labelWidth + plotWidth + 8, y: y + 4, size: 11, fill: color)
    }
    return canvas.render(label: "ratio of current to baseline median per case, with intervals")
  }
}
