import BenchmarkKit

extension HTMLReport {
  /// The cases that timed single operations (stall probes) as a table, one row
  /// each — what the Markdown summary's "Per-operation latency" tables — or
  /// nothing when no case did: a stall shows in the tail, which no median has.
  static func latencySection(_ run: BenchmarkRun) -> String {
    let cases = run.cases.filter { ($0.latency?.count ?? 0) > 0 }
    guard !cases.isEmpty else { return "" }
    var html =
      "<h2 id=\"latency\">Per-operation latency</h2>\n<p class=\"note\">Each operation timed on its own, clock reads "
      + "included: percentiles within 1/32 of the value (read off a histogram's buckets), maximum and count over "
      + "1 ms exact.</p>\n<div class=\"wide\"><table class=\"headlines latency\"><tr><th>case</th><th>strategy</th>"
      + "<th>operations</th><th>p50 (ns)</th><th>p99 (ns)</th><th>p99.9 (ns)</th><th>max (ns)</th>"
      + "<th>over 1 ms</th></tr>\n"
    for result in cases {
      let latency = result.latency!
      let percentile = { (p: Double) in NumberFormat.nanoseconds(latency.percentile(p).map { Double($0) }) }
      let cells = [
        "\(result.suite)/\(result.scenario)[\(result.size)]", result.strategy, "\(latency.count)", percentile(0.5),
        percentile(0.99), percentile(0.999), NumberFormat.nanoseconds(Double(latency.maxNs)), "\(latency.slowCount)",
      ]
      html += "<tr>" + cells.map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>\n"
    }
    return html + "</table></div>\n"
  }

  /// Whether ``latencySection(_:)`` has anything to show, for the page's links.
  static func hasLatency(_ run: BenchmarkRun) -> Bool {
    run.cases.contains { ($0.latency?.count ?? 0) > 0 }
  }
}
