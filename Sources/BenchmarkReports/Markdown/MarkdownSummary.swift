import BenchmarkKit
import Foundation

/// Renders `summary.md`: a summary fit for a CI job summary or a pull-request
/// comment — the environment in a few lines, the headlines, what each strategy
/// choice costs, per suite the table of medians with their ratio to `apple`, the
/// growth exponents, the checks, and, when runs are compared, the significant
/// changes only.
public enum MarkdownSummary {
  /// The Markdown text of `run`.
  public static func render(_ run: BenchmarkRun) -> String {
    render(ReportRuns(run))
  }

  /// The Markdown text of `runs`: the last run's tables, then its significant
  /// changes from the first run when there are several.
  public static func render(_ runs: ReportRuns) -> String {
    let run = runs.latest
    var lines = ["# ObservationBench results"]
    // An A/B run answers whether this build changed anything: its verdict first.
    if let verdict = runs.abVerdict { lines += ["", verdict.markdown.trimmingCharacters(in: .newlines)] }
    // The first screen answers the reader's question, by the pattern their app
    // has: what to use, what it costs, what the trap is; then what each choice
    // costs and the headline cases; the environment after them.
    if run.hasTimings { lines += answerLines(run) }
    lines += ["", "## Environment", ""] + environmentLines(run).map { "- \($0)" }
    if run.hasTimings { lines += choiceLines(run) + effectLines(run) + headlineLines(run) + footprintHeadlines(run) }
    for table in SummaryTable.tables(of: run) where run.hasTimings {
      lines += ["", "## \(escape(table.suite))", ""]
      lines.append(
        "Median ns per operation"
          + (table.hasReference
            ? " (ratio to `\(ReferenceStrategy.apple)` in the same run, ± the larger side of its 95% interval)." : ".")
          + " `< x`: below what the run can resolve, at most x. " + CaseMark.legend { "`\($0)`" }
          + " `n=12 (2–4/pass)`: \(SampleCount.meaning)."
          + " *idiomatic*: each side in its own API form; *like-for-like*: both in one form.")
      lines.append("")
      lines.append("| scenario | size | " + table.strategies.map { "`\($0)`" }.joined(separator: " | ") + " |")
      lines.append("|---|---:|" + String(repeating: "---:|", count: table.strategies.count))
      for row in table.rows {
        let cells = row.cells.map { values in
          guard let cell = values.last ?? nil else { return "" }
          if cell.failed { return "**failed**" }
          let time = NumberFormat.nanoseconds(cell.median) + CaseMark.text(cell.marks.map(\.mark))
          let count = cell.median == nil ? "" : " " + cell.samples.text
          return (cell.ratio.map { "\(time) (\(NumberFormat.ratio($0, interval: cell.ratioInterval)))" } ?? time)
            + count
        }
        let form = row.form.map { " *\($0.kind.rawValue)*" } ?? ""
        lines.append("| \(escape(row.scenario))\(form) | \(row.size) | " + cells.joined(separator: " | ") + " |")
      }
    }
    lines += InstructionsTable.markdownLines(run)
    lines += latencyLines(run)
    lines += placementLines(run)
    lines += footprintLines(run)
    lines += growthLines(run)
    lines += checkLines(run)
    let failures = run.failures
    if !failures.isEmpty {
      lines += ["", "## Failed cases", ""]
      lines += failures.map { "- \(escape($0.displayName)): \(escape($0.failure ?? ""))" }
    }
    if runs.isSideBySide {
      let comparison = RunComparison(baseline: runs.entries[0].run, current: run, threshold: 0.05)
      lines += [
        "",
        comparison.markdown(
          title: "Changes from \(runs.entries[0].label) to \(runs.entries[runs.entries.count - 1].label)"),
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Growth exponents as one table per suite: sweeps as rows, strategies as columns.
  private static func growthLines(_ run: BenchmarkRun) -> [String] {
    guard !run.fits.isEmpty else { return [] }
    var lines = ["", "## Growth exponents", "", "Slope of log(time) against log(size): 0 flat, 1 linear, 2 quadratic."]
    var sweeps = [String]()
    var strategies = [String]()
    var values = [String: String]()
    for fit in run.fits {
      let sweep = "\(fit.suite)/\(fit.scenario)"
      if !sweeps.contains(sweep) { sweeps.append(sweep) }
      if !strategies.contains(fit.strategy) { strategies.append(fit.strategy) }
      values["\(sweep) \(fit.strategy)"] = NumberFormat.fixed(fit.exponent, 2)
    }
    lines += ["", "| sweep | " + strategies.map { "`\($0)`" }.joined(separator: " | ") + " |"]
    lines.append("|---|" + String(repeating: "---:|", count: strategies.count))
    for sweep in sweeps {
      lines.append(
        "| \(escape(sweep)) | " + strategies.map { values["\(sweep) \($0)"] ?? "" }.joined(separator: " | ") + " |")
    }
    return lines
  }

  private static func checkLines(_ run: BenchmarkRun) -> [String] {
    guard !run.checks.isEmpty else { return [] }
    var lines = ["", "## Checks", ""]
    for check in run.checks {
      let verdict = check.outcome.map { $0.passed ? "pass" : "**FAIL**" } ?? (check.failed ? "**FAIL**" : "skipped")
      let detail = check.outcome?.detail ?? check.note ?? ""
      lines.append("- \(verdict) — \(escape(check.suite))/\(escape(check.name)): \(escape(detail))")
    }
    return lines
  }

  /// The environment as "label: value" lines.
  static func environmentLines(_ run: BenchmarkRun) -> [String] {
    let environment = run.environment
    let settings = run.settings
    let strategies = StrategyRolesText.describe(run).map { ["Strategies: \($0)"] } ?? []
    let machine = MachineStateText.describe(run).map { ["Machine state: \($0)"] } ?? []
    let warnings = settings.noiseWarnings.map { "⚠ \($0)" }
    return [
      "Date: \(environment.date)",
      "Commit: built from \(environment.buildCommit ?? "not recorded"); folder HEAD \(environment.gitCommit)",
      "Toolchain: \(environment.toolchain) (\(environment.buildConfiguration) build)",
      "CPU: \(environment.cpuModel), \(environment.cores) cores; kernel \(environment.kernel)",
      "Allocator: \(environment.allocator)",
      "Run: \(settings.quick ? "quick" : "full"), "
        + "\(settings.backgroundLoadCores.map { "background load \(NumberFormat.fixed($0, 2)) cores, " } ?? "")up to "
        + "\(settings.maximumSamplesPerCase) samples of "
        + "\(NumberFormat.fixed(Double(settings.targetSampleNs) / 1e6, 1)) ms per "
        + "case\(PassText.describe(settings.passes)), harness loop cost (≈ "
        + "\(NumberFormat.fixed(settings.loopOverheadNs, 2)) ns per single-operation iteration) subtracted per case, "
        + "\(NumberFormat.fixed(settings.durationSeconds, 1)) s",
    ] + machine + warnings + strategies
  }

  // A pipe would end a table cell early.
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
