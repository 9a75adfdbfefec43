/// Renders the verdicts of `obsbench check` for a CI job summary.
public enum CheckReport {
  /// A heading naming the rules file (`source`), the one-line `summary`, and a
  /// table of the broken rules with their measured values, or a line saying that
  /// every rule holds. A CI summary checks several rules files (ratios, exact
  /// instruction counts) one after another; each heading says which it is.
  public static func markdown(_ verdicts: [RuleVerdict], summary: String, source: String? = nil) -> String {
    let broken = verdicts.filter { !$0.holds }
    let heading = source.map { "## Gates of `\(MarkdownSummary.escape($0))`" } ?? "## Gates"
    var lines = [heading, "", broken.isEmpty ? "All gates hold: \(summary)." : "**\(summary)**"]
    if !broken.isEmpty {
      lines += ["", "| rule | case | measured |", "|---|---|---:|"]
      for verdict in broken {
        let rule = MarkdownSummary.escape(verdict.rule.text)
        let place = verdict.key.map { MarkdownSummary.escape($0.description) } ?? "no such case"
        lines.append("| `\(rule)` | \(place) | \(NumberFormat.fixed(verdict.value)) |")
      }
    }
    let warned = verdicts.filter { $0.warning != nil }
    if !warned.isEmpty {
      lines += [
        "",
        "Not time gates, so not failed (a few nanoseconds or contention: their instruction counts or nothing gate "
          + "them):",
        "",
      ]
      lines += ["| rule | case | measured | why |", "|---|---|---:|---|"]
      for verdict in warned {
        let rule = MarkdownSummary.escape(verdict.rule.text)
        let place = verdict.key.map { MarkdownSummary.escape($0.description) } ?? ""
        lines.append(
          "| `\(rule)` | \(place) | \(NumberFormat.fixed(verdict.value)) | "
            + "\(MarkdownSummary.escape(verdict.warning ?? "")) |"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
