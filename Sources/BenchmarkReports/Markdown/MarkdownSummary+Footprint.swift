import BenchmarkKit

extension MarkdownSummary {
  /// The memory the footprint scenarios' things held: per scenario its
  /// headline, then bytes per thing by size and strategy, with what stayed
  /// after they were freed and the growth of the held bytes.
  static func footprintLines(_ run: BenchmarkRun) -> [String] {
    let tables = FootprintTable.tables(of: run)
    guard !tables.isEmpty else { return [] }
    var lines = [
      "", "## Memory held per observed thing", "",
      "Bytes per thing while n of them were held (jemalloc's live bytes, all threads, less before), measured "
        + "once, in the first pass, beside the time to make one more (the suite's table above). *left*: what was "
        + "still live after the things were freed, shown where not 0. *growth*: slope of log(held bytes) against "
        + "log(n), 1 when each thing holds the same.",
    ]
    for table in tables {
      let thing = FootprintTable.thing(table.scenario)
      lines += ["", "### \(escape(table.suite))/\(escape(table.scenario))", ""]
      if let headline = table.headline(in: run, thing: thing) { lines += [escape(headline) + ".", ""] }
      lines.append("| n | " + table.strategies.map { "`\($0)`" }.joined(separator: " | ") + " |")
      lines.append("|---:|" + String(repeating: "---:|", count: table.strategies.count))
      for row in table.rows {
        let cells = table.strategies.map { strategy -> String in
          guard let held = row.cells[strategy] else { return "" }
          return FootprintTable.bytes(held.bytesPerItem)
            + (held.leftBytes > 0 ? " (left \(NumberFormat.grouped(Int(held.leftBytes))) B)" : "")
        }
        lines.append("| \(NumberFormat.grouped(row.size)) | " + cells.joined(separator: " | ") + " |")
      }
      let growth = table.strategies.map { table.exponents[$0].map { NumberFormat.fixed($0, 2) } ?? "–" }
      lines.append("| growth | " + growth.joined(separator: " | ") + " |")
    }
    return lines
  }

  /// Under the headlines, the footprint suite's headline scenario in memory:
  /// bytes per observed row for the least, the fastest to make, apple and none.
  static func footprintHeadlines(_ run: BenchmarkRun) -> [String] {
    let lines = FootprintTable.tables(of: run).filter { table in
      run.suiteHeadlines?[table.suite] == table.scenario
    }.compactMap { table in
      table.headline(in: run, thing: FootprintTable.thing(table.scenario)).map {
        "- \(escape(table.suite)): \(escape($0))."
      }
    }
    guard !lines.isEmpty else { return [] }
    return ["", "Memory held, by the headline scenario of a suite that measures it:", ""] + lines
  }
}
