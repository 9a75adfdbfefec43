import BenchmarkKit

/// Renders runs as `report.html`: one self-contained page with the environment,
/// the summary table of ratios to `apple`, and per scenario a bar chart of time,
/// allocations and notifications per operation, plus a log-log growth chart for
/// every sweep.
///
/// The page opens on the answers by app pattern and ends on the environment.
/// Everything is inline — SVG charts, one style sheet, one small script, no
/// font or image fetched — so the page reads offline, attached to a CI job or
/// mailed. Every figure is in the markup: the script only picks the answers'
/// size, filters and sorts tables (``HTMLScript``), so the page reads whole
/// with scripts off. The markup is well-formed XML as well as HTML, so tools
/// can parse it.
public enum HTMLReport {
  /// The page for `runs`; several runs are shown side by side.
  public static func render(_ runs: ReportRuns) -> String {
    let latest = runs.latest
    let suites = SummaryTable.tables(of: runs.entries.map(\.run)).map(\.suite)
    var html = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>ObservationBench report</title>
      <style>
      \(HTMLStyle.css)
      </style></head><body><main>
      <h1>ObservationBench report</h1>

      """
    html += "<p class=\"lede\">\(HTMLText.escape(lede(runs)))</p>\n"
    let answers = latest.hasTimings ? answersSection(latest) : ""
    let sections =
      (runs.abVerdict == nil ? [] : ["a/b verdict"]) + (answers.isEmpty ? [] : ["answers"])
      + (latest.effects?.suites.isEmpty == false && latest.hasTimings ? ["effects"] : []) + ["headlines"]
      + (showsTrends(runs) && latest.hasTimings ? ["trends"] : []) + ["summary"]
      + (hasLatency(latest) ? ["latency"] : []) + (PlacementFindings(latest) == nil ? [] : ["placement"])
      + (FootprintTable.tables(of: latest).isEmpty ? [] : ["memory"])
    html +=
      "<nav>"
      + (sections + suites + ["environment"]).map {
        "<a href=\"#\(HTMLText.anchor($0))\">\(HTMLText.escape($0))</a>"
      }.joined()
      + "</nav>\n"
    // The reader's question first, the machine that answered it last; an A/B
    // run's question is its verdict.
    if let verdict = runs.abVerdict { html += abSection(verdict) }
    html += answers
    if latest.hasTimings {
      html +=
        choiceBlock(latest) + effectsSection(latest, explained: ProfileView.explainedSuites(runs))
        + headlineSection(latest)
      html += trendsSection(runs)
      html += summarySection(runs)
    }
    html += InstructionsTable.htmlSection(latest)
    html += ProfileView.htmlSection(runs)
    html += latencySection(latest)
    html += placementSection(latest)
    html += footprintSection(latest)
    html += checksSection(latest)
    if runs.isSideBySide {
      let comparison = RunComparison(baseline: runs.entries[0].run, current: latest, threshold: 0.05)
      html +=
        "<h2 id=\"changes\">Changes from \(HTMLText.escape(runs.entries[0].label)) to "
        + "\(HTMLText.escape(runs.entries[runs.entries.count - 1].label))</h2>\n"
      html += comparison.htmlFragment(significantOnly: true)
    }
    if latest.hasTimings { html += scenarioSections(runs) }
    html += environmentSection(runs)
    html +=
      "<footer>Written by <code>obsbench report</code>. Times are nanoseconds per operation with the harness's own "
      + "loop cost subtracted; a time under what the run can resolve for its case is shown as a bound (&lt; x). "
      + "Ratios are medians of per-round ratios of strategies sampled side by side in the same run, with "
      + "block-bootstrap 95% intervals.</footer>\n"
    return html + "</main><script>\(HTMLScript.source)</script></body></html>\n"
  }

  /// The page for one run.
  public static func render(_ run: BenchmarkRun) -> String {
    render(ReportRuns(run))
  }

  private static func lede(_ runs: ReportRuns) -> String {
    let cases = runs.latest.cases.count
    if runs.isSideBySide {
      return "\(runs.entries.count) runs side by side: " + runs.entries.map(\.label).joined(separator: ", ")
        + ". Bars of later runs are lighter; lines of later runs are dashed."
    }
    let environment = runs.latest.environment
    return
      "\(cases) cases measured \(environment.date) on \(environment.host) (\(environment.cpuModel), "
      + "\(environment.cores) cores)."
  }

  /// An A/B run's verdict, as `ab.md` gives it: the verdict, the machine, the
  /// counts, what the run could detect, the cases not clean, and where the
  /// regressed cases' instructions went.
  private static func abSection(_ verdict: ABVerdict) -> String {
    var html = "<h2 id=\"\(HTMLText.anchor("a/b verdict"))\">\(HTMLText.escape(ABVerdict.title))</h2>\n"
    for warning in verdict.warnings { html += "<p class=\"note\">⚠ \(HTMLText.escape(warning)).</p>\n" }
    // The verdict first, then what the run could see, then the cases.
    var fragment = verdict.comparison.htmlFragment(significantOnly: true)
    if let power = verdict.comparison.powerLine, let end = fragment.range(of: "</p>\n") {
      fragment.insert(contentsOf: "<p class=\"note\">\(HTMLText.escape(power)).</p>\n", at: end.upperBound)
    }
    html += fragment
    guard !verdict.explanations.entries.isEmpty else { return html }
    html += "<h3>Where the regressed instructions went</h3>\n<ul>\n"
    for entry in verdict.explanations.entries {
      html += "<li><strong>\(HTMLText.escape(entry.key.description))</strong> against \(HTMLText.escape(entry.against))"
      html += "<ul>" + entry.lines.map { "<li><code>\(HTMLText.escape($0))</code></li>" }.joined() + "</ul></li>\n"
    }
    return html + "</ul>\n"
  }

  private static func checksSection(_ run: BenchmarkRun) -> String {
    let failures = run.failures
    guard !run.checks.isEmpty || !failures.isEmpty else { return "" }
    var html = "<h2 id=\"checks\">Checks</h2>\n<ul class=\"checks\">\n"
    for check in run.checks {
      let verdict = check.outcome.map { $0.passed ? "pass" : "FAIL" } ?? (check.failed ? "FAIL" : "skipped")
      html +=
        "<li\(check.failed ? " class=\"fail\"" : "")>\(verdict) — \(HTMLText.escape("\(check.suite)/\(check.name)")): "
      html += HTMLText.escape(check.outcome?.detail ?? check.note ?? "") + "</li>\n"
    }
    for failure in failures {
      html +=
        "<li class=\"fail\">failed case \(HTMLText.escape(failure.displayName)): "
        + "\(HTMLText.escape(failure.failure ?? ""))</li>\n"
    }
    return html + "</ul>\n"
  }
}
