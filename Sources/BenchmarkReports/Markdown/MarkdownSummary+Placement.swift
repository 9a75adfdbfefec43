import BenchmarkKit

extension MarkdownSummary {
  /// The *Stack placement* section of a run with placements
  /// (``PlacementFindings``); empty for a run that kept the stack in place.
  static func placementLines(_ run: BenchmarkRun) -> [String] {
    guard let findings = PlacementFindings(run) else { return [] }
    var lines = ["", "## Stack placement", "", findings.sentence]
    guard !findings.moved.isEmpty else { return lines }
    lines += ["", "| " + PlacementFindings.columns.joined(separator: " | ") + " |", "|---|---|---:|---:|---:|"]
    for row in findings.rows {
      lines.append("| \(escape(row[0])) | `\(row[1])` | " + row[2...].joined(separator: " | ") + " |")
    }
    return lines
  }
}
