import BenchmarkKit

/// The instructions per operation of a run, per suite: one row per scenario and
/// size, one column per strategy — the table `summary.md` and `report.html` show
/// for a run made with `--metric instructions`.
struct InstructionsTable {
  /// One scenario and size: per strategy the count, and whether it varied.
  struct Row {
    var scenario: String
    var size: Int
    var cells: [(count: Double, varies: Bool)?]
  }

  var suite: String
  var strategies: [String]
  var rows: [Row]

  /// One table per suite that has any count, in run order.
  static func tables(of run: BenchmarkRun) -> [InstructionsTable] {
    let counted = run.cases.filter { $0.instructionsPerOperation != nil }
    var suites = [String]()
    for result in counted where !suites.contains(result.suite) { suites.append(result.suite) }
    return suites.map { suite in
      let cases = counted.filter { $0.suite == suite }
      var seen = Set<String>()
      let strategies = StrategyOrder.sorted(cases.map(\.strategy).filter { seen.insert($0).inserted })
      var rows = [Row]()
      for result in cases where !rows.contains(where: { $0.scenario == result.scenario && $0.size == result.size }) {
        let cells = strategies.map { strategy -> (count: Double, varies: Bool)? in
          guard
            let match = cases.first(where: {
              $0.scenario == result.scenario && $0.size == result.size && $0.strategy == strategy
            }), let count = match.instructionsPerOperation
          else { return nil }
          return (count, match.instructionsNote != nil)
        }
        rows.append(Row(scenario: result.scenario, size: result.size, cells: cells))
      }
      return InstructionsTable(suite: suite, strategies: strategies, rows: rows)
    }
  }

  /// A count as shown: whole numbers for large counts, two decimals below 100,
  /// `~` before a count that varied between stretches.
  static func format(_ cell: (count: Double, varies: Bool)?) -> String {
    guard let cell else { return "" }
    let text = abs(cell.count) < 100 ? NumberFormat.fixed(cell.count, 2) : NumberFormat.fixed(cell.count, 0)
    return (cell.varies ? "~" : "") + text
  }

  /// The note under every table.
  static let note =
    "Instructions per operation counted under valgrind's callgrind over the measured region, the loop's own removed; "
      + "exact and repeatable for a build. `~`: the count differed between two equal stretches of iterations (a path "
      + "that depends on state or data; see instructions_note in results.csv)."
}

extension BenchmarkRun {
  /// Whether any case was timed (a run made with `--metric instructions` alone has none).
  public var hasTimings: Bool {
    cases.contains { $0.statistics != nil }
  }
}

extension InstructionsTable {
  /// The Markdown section of `run`'s counts; empty when it has none.
  static func markdownLines(_ run: BenchmarkRun) -> [String] {
    let tables = tables(of: run)
    guard !tables.isEmpty else { return [] }
    var lines = ["", "## Instructions per operation", "", note]
    for table in tables {
      lines += ["", "### \(MarkdownSummary.escape(table.suite))", ""]
      lines.append("| scenario | size | " + table.strategies.map { "`\($0)`" }.joined(separator: " | ") + " |")
      lines.append("|---|---:|" + String(repeating: "---:|", count: table.strategies.count))
      for row in table.rows {
        lines.append(
          "| \(MarkdownSummary.escape(row.scenario)) | \(row.size) | " + row.cells.map(format).joined(separator: " | ")
            + " |")
      }
    }
    return lines
  }

  /// The HTML section of `run`'s counts; empty when it has none.
  static func htmlSection(_ run: BenchmarkRun) -> String {
    let tables = tables(of: run)
    guard !tables.isEmpty else { return "" }
    var html =
      "<h2 id=\"instructions\">Instructions per operation</h2>\n<p class=\"note\">\(HTMLText.escape(note))</p>\n"
    for table in tables {
      html +=
        "<h3>\(HTMLText.escape(table.suite))</h3>\n<table class=\"summary\">\n<tr><th "
          + "class=\"scenario\">scenario</th><th>size</th>"
      html += table.strategies.map { "<th>\(HTMLText.escape($0).replacingOccurrences(of: "-", with: "-<br/>"))</th>" }
        .joined()
      html += "</tr>\n"
      for row in table.rows {
        html += "<tr><td class=\"scenario\">\(HTMLText.escape(row.scenario))</td><td>\(row.size)</td>"
        html += row.cells.map { "<td>\(HTMLText.escape(format($0)))</td>" }.joined() + "</tr>\n"
      }
      html += "</table>\n"
    }
    return html
  }
}
