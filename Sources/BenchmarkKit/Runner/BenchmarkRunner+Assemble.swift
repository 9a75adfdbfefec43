extension BenchmarkRunner {
  /// The run made of `cases`, measured for `plan`: its settings, growth fits and
  /// the scenarios' summaries. Checks are the pipeline's (``evaluateChecks(of:plan:)``).
  func assemble(
    _ plan: BenchmarkPlan, cases: [CaseResult], environment: RunEnvironment, loopOverheadNs: Double
  ) -> BenchmarkRun {
    var run = BenchmarkRun(
      environment: environment,
      settings: RunSettings(
        quick: configuration.quick, samples: configuration.samples,
        minimumSamples: configuration.minimumSamples, targetSampleNs: configuration.targetSampleNs,
        timeBudgetSeconds: configuration.timeBudgetSeconds, loopOverheadNs: loopOverheadNs,
        durationSeconds: 0),
      cases: cases,
      fits: GrowthFit.fits(of: cases),
      scenarioSummaries: Dictionary(
        plan.groups.map { ("\($0.suite)/\($0.scenario.name)", $0.scenario.summary) },
        uniquingKeysWith: { first, _ in first })
    )
    run.settings.passes = configuration.passes
    run.settings.seed = configuration.seed
    run.settings.stackPlacements = configuration.stackPlacements
    run.settings.samplesPerTurn = configuration.samplesPerTurn
    run.suiteHeadlines = Dictionary(
      plan.suites.compactMap { suite in suite.headline.map { (suite.name, $0) } },
      uniquingKeysWith: { first, _ in first })
    run.scenarioForms = BenchmarkRun.scenarioForms(of: plan.suites)
    return run
  }

  /// Evaluates the suites' checks on the merged `run`, appending their results.
  public func evaluateChecks(of run: inout BenchmarkRun, plan: BenchmarkPlan) {
    for suite in plan.suites {
      let context = SuiteCheckContext(suite: suite, run: run)
      for check in suite.checks {
        let result = context.evaluate(check)
        run.checks.append(result)
        onEvent(.checkFinished(result))
      }
    }
  }
}
