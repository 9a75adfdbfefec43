import BenchmarkKit

/// Renders a run as `summary.md`: the environment, then per suite a table of
/// median nanoseconds per operation for each scenario and size (rows) and
/// strategy (columns), with the ratio to `apple` where it was measured.
///
/// The reports issue replaces it with the full report; this one is small but real.
public enum MarkdownSummary {
  /// The Markdown text of `run`.
  public static func render(_ run: BenchmarkRun) -> String {
    var lines = ["# ObservationBench results", ""]
    lines += environmentLines(run).map { "- \($0)" }
    for table in SummaryTable.tables(of: run) {
      lines += ["", "## \(escape(table.suite))", ""]
      if let summary = table.summary { lines += [escape(summary), ""] }
      lines.append(
        "Median ns per operation" + (table.hasReference ? " (ratio to `\(SummaryTable.reference)`)." : "."))
      lines.append("")
      lines.append("| scenario | size | " + table.strategies.map { "`\($0)`" }.joined(separator: " | ") + " |")
      lines.append("|---|---:|" + String(repeating: "---:|", count: table.strategies.count))
      for row in table.rows {
        let cells = row.cells.map { cell in
          guard let cell else { return "" }
          if cell.failed { return "**failed**" }
          let time = NumberFormat.nanoseconds(cell.median)
          return cell.ratio.map { "\(time) (\(NumberFormat.ratio($0)))" } ?? time
        }
        lines.append("| \(escape(row.scenario)) | \(row.size) | " + cells.joined(separator: " | ") + " |")
      }
    }
    if !run.fits.isEmpty {
      lines += ["", "## Growth exponents", "", "| suite | scenario | strategy | exponent | sizes |", "|---|---|---|---:|---|"]
      for fit in run.fits {
        let sizes = fit.sizes.map(String.init).joined(separator: ", ")
        lines.append(
          "| \(escape(fit.suite)) | \(escape(fit.scenario)) | `\(fit.strategy)` | \(NumberFormat.fixed(fit.exponent, 2)) | \(sizes) |")
      }
    }
    if !run.checks.isEmpty {
      lines += ["", "## Checks", ""]
      for check in run.checks {
        let verdict = check.outcome.map { $0.passed ? "pass" : "**FAIL**" } ?? (check.failed ? "**FAIL**" : "skipped")
        let detail = check.outcome?.detail ?? check.note ?? ""
        lines.append("- \(verdict) — \(escape(check.suite))/\(escape(check.name)): \(escape(detail))")
      }
    }
    let failures = run.failures
    if !failures.isEmpty {
      lines += ["", "## Failed cases", ""]
      lines += failures.map { "- \(escape($0.displayName)): \(escape($0.failure ?? ""))" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The environment as "label: value" lines, shared with the HTML table.
  static func environmentLines(_ run: BenchmarkRun) -> [String] {
    let environment = run.environment
    let settings = run.settings
    return [
      "Date: \(environment.date)",
      "Commit: \(environment.gitCommit)",
      "Toolchain: \(environment.toolchain) (\(environment.buildConfiguration) build)",
      "CPU: \(environment.cpuModel), \(environment.cores) cores; kernel \(environment.kernel)",
      "Allocator: \(environment.allocator)",
      "Run: \(settings.quick ? "quick" : "full"), \(settings.backgroundLoadCores.map { "background load \(NumberFormat.fixed($0, 2)) cores, " } ?? "")up to \(settings.samples) samples of \(NumberFormat.fixed(Double(settings.targetSampleNs) / 1e6, 1)) ms per case, loop overhead \(NumberFormat.fixed(settings.loopOverheadNs, 2)) ns/iteration subtracted, \(NumberFormat.fixed(settings.durationSeconds, 1)) s",
    ]
  }

  // A pipe would end a table cell early.
  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
