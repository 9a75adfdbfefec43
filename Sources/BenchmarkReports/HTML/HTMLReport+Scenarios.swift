import BenchmarkKit
import Foundation

extension HTMLReport {
  /// Per suite and scenario: the bar chart at the largest size and, for a sweep,
  /// the growth chart.
  static func scenarioSections(_ runs: ReportRuns) -> String {
    var html = ""
    var currentSuite: String?
    let summaries = runs.entries.reduce(into: [String: String]()) { all, entry in
      all.merge(entry.run.scenarioSummaries ?? [:]) { _, later in later }
    }
    let forms = runs.entries.reduce(into: [String: ScenarioForm]()) { all, entry in
      all.merge(entry.run.scenarioForms ?? [:]) { _, later in later }
    }
    if runs.isSideBySide {
      html +=
        "<p class=\"note\">Runs: "
        + runs.entries.enumerated().map { index, entry in
          let opacity = SVGCanvas.number(ChartPalette.opacity(ofRun: index, of: runs.entries.count), digits: 2)
          return "<span style=\"opacity:\(opacity)\">■</span> \(HTMLText.escape(entry.label))"
        }.joined(separator: " · ") + "</p>\n"
    }
    for view in ScenarioView.views(of: runs) {
      if view.suite != currentSuite {
        currentSuite = view.suite
        html += "<h2 id=\"\(HTMLText.anchor(view.suite))\">Suite <code>\(HTMLText.escape(view.suite))</code></h2>\n"
      }
      let size = view.sizes.last ?? 1
      html += "<h3 id=\"\(HTMLText.anchor("\(view.suite)-\(view.scenario)"))\">\(HTMLText.escape(view.scenario))</h3>\n"
      var note = summaries["\(view.suite)/\(view.scenario)"].map { "One operation: \($0)." } ?? ""
      if let form = forms["\(view.suite)/\(view.scenario)"] {
        note += " Rows: " + form.label + (form.counterpart.map { ", beside \($0)" } ?? "") + "."
      }
      if view.isSweep {
        note +=
          " Sizes \(view.sizes.map(String.init).joined(separator: ", ")); bars at size \(size); k is the fitted growth "
          + "exponent (slope on log-log: 0 flat, 1 linear)."
      }
      if !note.isEmpty {
        html += "<p class=\"note\">\(HTMLText.escape(note.trimmingCharacters(in: .whitespaces)))</p>\n"
      }
      html += "<div class=\"panel\">\n"
      html += ScenarioBarChart(view: view, size: size, runLabels: runs.entries.map(\.label)).render() + "\n"
      if view.isSweep {
        html += GrowthChart(view: view, runs: runs).render() + "\n"
      }
      html += "</div>\n"
    }
    return html
  }
}
