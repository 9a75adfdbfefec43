import BenchmarkKit

/// Renders a run as a minimal, self-contained `report.html`: the summary tables
/// and the environment, with inline styles and no network references.
///
/// The rich report with charts is the reports issue's job; until then this keeps
/// `--format html` honest.
public enum HTMLTable {
  /// The HTML document of `run`.
  public static func render(_ run: BenchmarkRun) -> String {
    var html = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>ObservationBench results</title>
      <style>
      body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
      table{border-collapse:collapse;margin:1em 0}
      th,td{border:1px solid #ccc;padding:4px 8px}td.n{text-align:right;font-variant-numeric:tabular-nums}
      th{background:#f3f3f3}.fail{color:#b00;font-weight:bold}
      </style></head><body>
      <h1>ObservationBench results</h1>
      <ul>
      """
    html += MarkdownSummary.environmentLines(run).map { "<li>\(escape($0))</li>" }.joined(separator: "\n")
    html += "</ul>\n"
    for table in SummaryTable.tables(of: run) {
      html += "<h2>\(escape(table.suite))</h2>\n"
      html += "<p>Median ns per operation\(table.hasReference ? " (ratio to <code>apple</code>)" : "").</p>\n"
      html += "<table><tr><th>scenario</th><th>size</th>"
      html += table.strategies.map { "<th>\(escape($0))</th>" }.joined() + "</tr>\n"
      for row in table.rows {
        html += "<tr><td>\(escape(row.scenario))</td><td class=\"n\">\(row.size)</td>"
        for cell in row.cells {
          guard let cell else {
            html += "<td></td>"
            continue
          }
          if cell.failed {
            html += "<td class=\"fail\">failed</td>"
            continue
          }
          let time = NumberFormat.nanoseconds(cell.median)
          html += "<td class=\"n\">\(escape(cell.ratio.map { "\(time) (\(NumberFormat.ratio($0)))" } ?? time))</td>"
        }
        html += "</tr>\n"
      }
      html += "</table>\n"
    }
    if !run.checks.isEmpty {
      html += "<h2>Checks</h2><ul>\n"
      for check in run.checks {
        let failed = check.failed
        let verdict = check.outcome.map { $0.passed ? "pass" : "FAIL" } ?? (failed ? "FAIL" : "skipped")
        html += "<li\(failed ? " class=\"fail\"" : "")>\(escape(verdict)) — \(escape(check.suite))/\(escape(check.name)): "
        html += escape(check.outcome?.detail ?? check.note ?? "") + "</li>\n"
      }
      html += "</ul>\n"
    }
    return html + "</body></html>\n"
  }

  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
