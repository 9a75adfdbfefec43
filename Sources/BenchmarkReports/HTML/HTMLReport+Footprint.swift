import BenchmarkKit

extension HTMLReport {
  /// The memory the footprint scenarios' things held — what the Markdown
  /// summary's "Memory held per observed thing" tables — each scenario with
  /// its headline, a chart of the largest size beside the time to make the
  /// things, and the table of every size; nothing when no case measured it.
  static func footprintSection(_ run: BenchmarkRun) -> String {
    let tables = FootprintTable.tables(of: run)
    guard !tables.isEmpty else { return "" }
    var html =
      "<h2 id=\"memory\">Memory held per observed thing</h2>\n<p class=\"note\">Bytes per thing while n of them "
      + "were held (jemalloc's live bytes, all threads, less before), measured once, in the first pass, beside "
      + "the time to make one more. <em>left</em>: what was still live after the things were freed, shown where "
      + "not 0. <em>growth</em>: slope of log(held bytes) against log(n), 1 when each thing holds the same.</p>\n"
    for table in tables {
      html += "<h3>\(HTMLText.escape("\(table.suite)/\(table.scenario)"))</h3>\n"
      if let headline = table.headline(in: run, thing: FootprintTable.thing(table.scenario)) {
        html += "<p>\(HTMLText.escape(headline.replacingOccurrences(of: "`", with: "")))</p>\n"
      }
      html += "<div class=\"wide\">" + FootprintChart.svg(table, run: run) + "</div>\n"
      html +=
        "<div class=\"wide\"><table class=\"headlines footprint\"><tr><th>n</th>"
        + table.strategies.map { "<th>\(HTMLText.escape($0))</th>" }.joined() + "</tr>\n"
      for row in table.rows {
        let cells = table.strategies.map { strategy -> String in
          guard let held = row.cells[strategy] else { return "" }
          return FootprintTable.bytes(held.bytesPerItem)
            + (held.leftBytes > 0 ? " (left \(NumberFormat.grouped(Int(held.leftBytes))) B)" : "")
        }
        html +=
          "<tr><td>\(NumberFormat.grouped(row.size))</td>"
          + cells.map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>\n"
      }
      let growth = table.strategies.map { table.exponents[$0].map { NumberFormat.fixed($0, 2) } ?? "–" }
      html += "<tr><td>growth</td>" + growth.map { "<td>\($0)</td>" }.joined() + "</tr>\n</table></div>\n"
    }
    return html
  }
}
