import BenchmarkKit
import Foundation

/// A forest plot of what strategy choices cost: one panel per choice side by
/// side, one row per case (scenario@size, grouped by suite) shared by the panels.
///
/// In each panel a case's effect is a dot on a logarithmic axis with its 95%
/// interval as a whisker; the dashed line is 1× (the choice costs nothing). A
/// case whose pairs disagree beyond chance (an interaction) is drawn in
/// orange on a tinted row: its effect is an average over settings that differ.
/// A suite's header row carries a diamond at the geometric mean of its cases.
/// An axis spans at most 0.01×–100×; a case beyond is an arrow at the edge
/// with its value.
/// Every figure comes from the stored effects (``RunEffects``).
struct EffectForestPlot {
  var choices: [StrategyChoice]
  var effects: RunEffects

  private static let width = 1290.0
  private static let labelWidth = 230.0
  private static let gap = 26.0
  private static let rightMargin = 20.0
  private static let top = 42.0
  private static let rowHeight = 14.0
  private static let interactionColor = "#d2691e"
  /// The widest axis a panel draws: two decades either side of 1×.
  private static let span = 0.01...100.0

  /// A row: a suite's header, or one of its cases.
  private enum Row {
    case suite(String)
    case place(suite: String, scenario: String, size: Int)
  }

  func render() -> String {
    let wanted = Set(choices.map(\.rawValue))
    let shown = effects.cases.filter { wanted.contains($0.choice) }
    let rows = Self.rows(of: shown)
    let bottom = Self.top + Double(rows.count) * Self.rowHeight
    var canvas = SVGCanvas(width: Self.width, height: bottom + 56)
    // The right margin leaves room for the last tick's label.
    let panelWidth =
      (Self.width - Self.labelWidth - Self.rightMargin - Self.gap * Double(choices.count - 1)) / Double(choices.count)
    for (index, row) in rows.enumerated() {
      let y = Self.top + Double(index) * Self.rowHeight
      switch row {
      case .suite(let suite):
        canvas.text(suite, x: 0, y: y + 11, size: 12, weight: "700")
      case .place(_, let scenario, let size):
        if index % 2 == 0 { canvas.rect(x: 0, y: y, width: Self.width, height: Self.rowHeight, fill: "#f6f6f6") }
        canvas.text(
          EffectText.place(scenario: scenario, size: size), x: Self.labelWidth - 8, y: y + 10.5, anchor: .end,
          size: 10.5,
          fill: "#333")
      }
    }
    for (index, choice) in choices.enumerated() {
      let left = Self.labelWidth + Double(index) * (panelWidth + Self.gap)
      draw(
        choice, rows: rows, cases: shown.filter { $0.choice == choice.rawValue }, left: left, width: panelWidth,
        on: &canvas)
    }
    legend(at: bottom + 38, on: &canvas)
    return canvas.render(
      label: "Effect of " + choices.map(\.title).joined(separator: ", ") + " per scenario and size, with 95% intervals")
  }

  /// One choice's panel: title, axis, the 1× line, then every row's effect.
  private func draw(
    _ choice: StrategyChoice, rows: [Row], cases: [CaseEffect], left: Double, width: Double, on canvas: inout SVGCanvas
  ) {
    let bottom = Self.top + Double(rows.count) * Self.rowHeight
    canvas.text(choice.title, x: left, y: 14, size: 12.5, weight: "600")
    var numbers = [1.0]
    for effect in cases {
      if let ratio = effect.ratio { numbers.append(ratio) }
      if let interval = effect.interval { numbers += [interval.lowerBound, interval.upperBound] }
    }
    // One case of whole invalidation notifying 10 000 observers would squeeze
    // every other row against 1×: the axis stops at `span`, and a case beyond
    // is an arrow at the edge with its value.
    numbers = numbers.filter { $0 > 0 }.map { min(max($0, Self.span.lowerBound), Self.span.upperBound) }
    let axis = AxisScale.log(
      minimum: numbers.min() ?? 1, maximum: numbers.max() ?? 1, start: left, end: left + width)
    for tick in axis.ticks {
      let x = axis.position(tick)
      canvas.line(x1: x, y1: Self.top, x2: x, y2: bottom, stroke: "#e2e2e2")
      for labelY in [Self.top - 5, bottom + 13] {
        canvas.text(TrendChart.ratioTick(tick), x: x, y: labelY, anchor: .middle, size: 10, fill: "#555")
      }
    }
    let one = axis.position(1)
    canvas.line(x1: one, y1: Self.top, x2: one, y2: bottom, stroke: "#444", width: 1, dash: "4 3")
    let byPlace = Dictionary(
      cases.map { ("\($0.suite)\u{1F}\($0.scenario)\u{1F}\($0.size)", $0) }, uniquingKeysWith: { _, last in last })
    let summaries = Dictionary(
      effects.suites.filter { $0.choice == choice.rawValue }.map { ($0.suite, $0) },
      uniquingKeysWith: { _, last in last })
    for (index, row) in rows.enumerated() {
      let y = Self.top + Double(index) * Self.rowHeight + Self.rowHeight / 2
      switch row {
      case .suite(let suite):
        guard let summary = summaries[suite], let ratio = summary.ratio else { continue }
        let x = axis.position(ratio)
        canvas.polygon(
          [(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)], fill: "#555",
          title:
            "\(suite), \(choice.title): geometric mean \(EffectText.ratio(ratio)) over \(summary.cases) cases, from "
              + "\(EffectText.extreme(summary.lowest)) to \(EffectText.extreme(summary.highest))"
        )
      case .place(let suite, let scenario, let size):
        guard let effect = byPlace["\(suite)\u{1F}\(scenario)\u{1F}\(size)"] else { continue }
        draw(effect, choice: choice, at: y, axis: axis, left: left, width: width, on: &canvas)
      }
    }
  }

  /// One case's dot and whisker, orange on a tinted row when its pairs interact;
  /// a note when no pair could be used.
  private func draw(
    _ effect: CaseEffect, choice: StrategyChoice, at y: Double, axis: AxisScale, left: Double, width: Double,
    on canvas: inout SVGCanvas
  ) {
    guard let ratio = effect.ratio else {
      canvas.text(
        "no usable pair (\(EffectText.pairs(effect)))", x: left + 4, y: y + 3.5, size: 9.5, fill: "#999", italic: true)
      return
    }
    let color = effect.isInteracting ? Self.interactionColor : "#1f5fa8"
    if effect.isInteracting {
      canvas.rect(
        x: left, y: y - Self.rowHeight / 2, width: width, height: Self.rowHeight, fill: Self.interactionColor,
        opacity: 0.12)
    }
    if let interval = effect.interval {
      canvas.line(
        x1: axis.position(interval.lowerBound), y1: y, x2: axis.position(interval.upperBound), y2: y, stroke: color,
        width: 1.4)
    }
    var title =
      "\(effect.suite)/\(EffectText.place(scenario: effect.scenario, size: effect.size)), \(choice.title): "
      + "\(EffectText.effect(ratio, interval: effect.interval)), \(EffectText.pairs(effect))"
    let interactions = EffectText.interactions(effect)
    if !interactions.isEmpty { title += "; pairs disagree: " + interactions.joined(separator: "; ") }
    if ratio > axis.high || ratio < axis.low {
      // The arrow's tip on the edge, pointing past it; the value beside it, inside.
      let beyond = ratio > axis.high
      let tip = beyond ? left + width : left
      let base = beyond ? tip - 6 : tip + 6
      canvas.polygon([(base, y - 4.5), (base, y + 4.5), (tip, y)], fill: color, title: title)
      canvas.text(
        EffectText.ratio(ratio), x: beyond ? base - 3 : base + 3, y: y + 3.5, anchor: beyond ? .end : .start, size: 9.5,
        fill: color)
      return
    }
    canvas.circle(cx: axis.position(ratio), cy: y, r: 3.2, fill: color, title: title)
  }

  /// What the marks mean, in one line under the panels.
  private func legend(at y: Double, on canvas: inout SVGCanvas) {
    var x = Self.labelWidth
    canvas.line(x1: x, y1: y - 4, x2: x + 18, y2: y - 4, stroke: "#1f5fa8", width: 1.4)
    canvas.circle(cx: x + 9, cy: y - 4, r: 3.2, fill: "#1f5fa8")
    canvas.text("effect (geometric mean of the pairs' B/A), 95% interval", x: x + 24, y: y, size: 11, fill: "#444")
    x += 340
    canvas.rect(x: x, y: y - 10, width: 18, height: 12, fill: Self.interactionColor, opacity: 0.25)
    canvas.circle(cx: x + 9, cy: y - 4, r: 3.2, fill: Self.interactionColor)
    canvas.text("interaction: pairs disagree beyond chance", x: x + 24, y: y, size: 11, fill: "#444")
    x += 300
    canvas.polygon([(x + 9, y - 9), (x + 14, y - 4), (x + 9, y + 1), (x + 4, y - 4)], fill: "#555")
    canvas.text("suite's geometric mean", x: x + 24, y: y, size: 11, fill: "#444")
    x += 170
    canvas.line(x1: x + 9, y1: y - 11, x2: x + 9, y2: y + 3, stroke: "#444", dash: "4 3")
    canvas.text("1×: the choice costs nothing", x: x + 18, y: y, size: 11, fill: "#444")
  }

  /// The rows for `cases`: per suite (in the order the run measured them) a
  /// header, then each of its scenario@size once.
  private static func rows(of cases: [CaseEffect]) -> [Row] {
    var suites = [String]()
    var places = [String: [Row]]()
    var seen = Set<String>()
    for effect in cases {
      guard seen.insert("\(effect.suite)\u{1F}\(effect.scenario)\u{1F}\(effect.size)").inserted else { continue }
      if places[effect.suite] == nil { suites.append(effect.suite) }
      places[effect.suite, default: []].append(
        .place(suite: effect.suite, scenario: effect.scenario, size: effect.size))
    }
    return suites.flatMap { [Row.suite($0)] + (places[$0] ?? []) }
  }
}
