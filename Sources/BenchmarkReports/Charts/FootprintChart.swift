import BenchmarkKit

/// A footprint scenario at its largest size as a chart: one bar per strategy,
/// bytes held per thing, fewest first, and beside each bar the time to make
/// one more beside them and drop it — memory and time side by side, as a
/// designer weighs them.
enum FootprintChart {
  /// The chart of `table`'s largest size; empty when fewer than two
  /// strategies measured it.
  static func svg(_ table: FootprintTable, run: BenchmarkRun) -> String {
    guard let row = table.rows.last, row.cells.count > 1 else { return "" }
    let bars = row.cells.sorted { ($0.value.bytesPerItem, $0.key) < ($1.value.bytesPerItem, $1.key) }
    let times = Dictionary(
      run.cases.filter { $0.suite == table.suite && $0.scenario == table.scenario && $0.size == row.size }
        .compactMap { result in result.published?.medianNs.value.map { (result.strategy, $0) } },
      uniquingKeysWith: { a, _ in a })
    let labelWidth = 250.0
    let width = 900.0
    let rowHeight = 17.0
    let top = 22.0
    let bottom = top + Double(bars.count) * rowHeight
    let axis = AxisScale.linear(
      maximum: bars.map(\.value.bytesPerItem).max() ?? 1, start: labelWidth, end: width - 190)
    var canvas = SVGCanvas(width: width, height: bottom + 26)
    for tick in axis.ticks {
      let x = axis.position(tick)
      canvas.line(x1: x, y1: top - 4, x2: x, y2: bottom, stroke: "#e6e6e6")
      canvas.text(ChartLabel.count(tick) + " B", x: x, y: bottom + 14, anchor: .middle, size: 10, fill: "#666")
    }
    canvas.text(
      "bytes per \(FootprintTable.thing(table.scenario)) at n = \(NumberFormat.grouped(row.size)) · time to make "
        + "one more and drop it", x: labelWidth, y: top - 8, size: 10.5, fill: "#444")
    for (index, bar) in bars.enumerated() {
      let y = top + Double(index) * rowHeight
      let reference = [ReferenceStrategy.apple, ReferenceStrategy.floor].contains(bar.key)
      canvas.text(
        bar.key, x: labelWidth - 8, y: y + rowHeight / 2 + 4, anchor: .end, size: 11,
        fill: reference ? "#777" : "#222")
      let end = axis.position(bar.value.bytesPerItem)
      canvas.rect(
        x: labelWidth, y: y + 3, width: end - labelWidth, height: rowHeight - 6,
        fill: reference ? "#9a9a9a" : ChartPalette.color(of: bar.key),
        title: "\(bar.key): \(FootprintTable.bytes(bar.value.bytesPerItem)) per thing")
      let time = times[bar.key].map { " · " + ChartLabel.duration($0) } ?? ""
      canvas.text(
        FootprintTable.bytes(bar.value.bytesPerItem) + time, x: end + 6, y: y + rowHeight / 2 + 4, size: 10.5,
        fill: "#444")
    }
    return canvas.render(label: "Bytes held per thing by strategy, fewest first, with the time to make one more")
  }
}
