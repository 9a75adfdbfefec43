import BenchmarkKit

extension HTMLReport {
  /// The *Stack placement* section of a run with placements
  /// (``PlacementFindings``), what `summary.md` says; nothing for a run that
  /// kept the stack in place.
  static func placementSection(_ run: BenchmarkRun) -> String {
    guard let findings = PlacementFindings(run) else { return "" }
    var html =
      "<h2 id=\"placement\">Stack placement</h2>\n<p class=\"note\">\(HTMLText.escape(findings.sentence))</p>\n"
    guard !findings.moved.isEmpty else { return html }
    html +=
      "<div class=\"wide\"><table class=\"headlines placement\"><tr>"
      + PlacementFindings.columns.map { "<th>\(HTMLText.escape($0))</th>" }.joined() + "</tr>\n"
    for row in findings.rows {
      html += "<tr>" + row.map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>\n"
    }
    return html + "</table></div>\n"
  }
}
