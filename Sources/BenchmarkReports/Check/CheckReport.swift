/// Renders the verdicts of `obsbench check` for a CI job summary.
public enum CheckReport {
  /// A heading, the one-line `summary`, and a table of the broken rules with
  /// their measured values, or a line saying that every rule holds.
  public static func markdown(_ verdicts: [RuleVerdict], summary: String) -> String {
    let broken = verdicts.filter { !$0.passed }
    var lines = ["## Ratio gates", "", broken.isEmpty ? "All gates hold: \(summary)." : "**\(summary)**"]
    if !broken.isEmpty {
      lines += ["", "| rule | case | measured |", "|---|---|---:|"]
      for verdict in broken {
        let rule = MarkdownSummary.escape(verdict.rule.text)
        let place = verdict.key.map { MarkdownSummary.escape($0.description) } ?? "no such case"
        lines.append("| `\(rule)` | \(place) | \(NumberFormat.fixed(verdict.value)) |")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
