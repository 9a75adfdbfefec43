import BenchmarkKit

extension MarkdownSummary {
  /// "What each choice costs": per suite and choice, the geometric mean of its
  /// cases' effects, their range with the cases at either end, how many cases
  /// interact, and the worst over-notification. Read from the run's stored
  /// effects (``BenchmarkRun/effects``), never derived here; nothing when the
  /// run has none.
  static func effectLines(_ run: BenchmarkRun) -> [String] {
    guard let effects = run.effects, !effects.suites.isEmpty else { return [] }
    var lines = [
      "", "## What each choice costs", "",
      "Per suite, each choice's effect on time per operation: B's time over A's for matched pairs of strategies that "
        + "differ in that choice only (paired by pass and round), "
        + "combined per scenario and size as a geometric mean with a 95% interval; here the geometric mean over the "
        + "suite's cases, the median case with how many cases' intervals lie below 1, hold it and lie above it (a "
        + "geometric mean a few large cases pull far from the median says so), the lowest and highest case, "
        + "the cases whose pairs disagree beyond chance (interacting: a contrast test, at most 1% false positives "
        + "per case), and where a side sends the most "
        + "notifications beyond the fewest any strategy needs, over the pairs whose sides differ. "
        + "`obsbench effects results.json --cases` lists every case.",
      "",
      "| suite | choice | effect | median case | lowest | highest | cases | interacting | over-notification |",
      "|---|---|---:|---|---|---|---:|---:|---|",
    ]
    for suite in effects.suites {
      lines.append(
        "| \(escape(suite.suite)) | \(escape(EffectText.title(ofChoice: suite.choice))) | "
          + "\(EffectText.ratio(suite.ratio)) | \(EffectText.median(suite)) | "
          + "\(escape(EffectText.extreme(suite.lowest))) | \(escape(EffectText.extreme(suite.highest))) | "
          + "\(suite.cases) | "
          + "\(suite.interactingCases) | "
          + "\(escape(EffectText.overNotification(suite.overNotification, choice: suite.choice))) |")
    }
    return lines
  }
}
