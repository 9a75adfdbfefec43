import BenchmarkKit

extension BenchmarkRun {
  /// The runs as one: every case, a later run's case replacing an earlier one's
  /// with the same key; the first run's environment and settings; fits refitted;
  /// the effects each run stored, merged alike (``RunEffects/merging(_:)``).
  ///
  /// `report` merges the runs it is given, so that runs of separate suites make
  /// one report.
  ///
  /// - Precondition: `runs` is non-empty.
  public static func merging(_ runs: [BenchmarkRun]) -> BenchmarkRun {
    precondition(!runs.isEmpty, "merging no runs")
    guard runs.count > 1 else { return runs[0] }
    var order = [CaseKey]()
    var cases = [CaseKey: CaseResult]()
    for result in runs.flatMap(\.cases) {
      if cases[result.key] == nil { order.append(result.key) }
      cases[result.key] = result
    }
    let merged = order.map { cases[$0]! }
    var checks = [String: CheckResult]()
    var checkOrder = [String]()
    for check in runs.flatMap(\.checks) {
      let key = "\(check.suite)/\(check.name)"
      if checks[key] == nil { checkOrder.append(key) }
      checks[key] = check
    }
    var run = BenchmarkRun(
      environment: runs[0].environment, settings: runs[0].settings, cases: merged,
      fits: GrowthFit.fits(of: merged), checks: checkOrder.map { checks[$0]! },
      scenarioSummaries: runs.reduce(into: nil) { summaries, run in
        guard let more = run.scenarioSummaries else { return }
        summaries = (summaries ?? [:]).merging(more) { _, later in later }
      },
      suiteHeadlines: runs.reduce(into: nil) { headlines, run in
        guard let more = run.suiteHeadlines else { return }
        headlines = (headlines ?? [:]).merging(more) { _, later in later }
      })
    run.strategyRoles = runs.reduce(into: nil) { roles, run in
      guard let more = run.strategyRoles else { return }
      roles = (roles ?? [:]).merging(more) { _, later in later }
    }
    run.scenarioForms = runs.reduce(into: nil) { forms, run in
      guard let more = run.scenarioForms else { return }
      forms = (forms ?? [:]).merging(more) { _, later in later }
    }
    run.strategyTradeOffs = runs.reduce(into: nil) { tradeOffs, run in
      guard let more = run.strategyTradeOffs else { return }
      tradeOffs = (tradeOffs ?? [:]).merging(more) { _, later in later }
    }
    run.effects = RunEffects.merging(runs.map(\.effects))
    return run
  }
}
