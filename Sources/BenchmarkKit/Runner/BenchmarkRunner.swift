/// Measures a plan's cases and returns the run: the harness's core loop.
///
/// For each group (one scenario and size) it prepares every strategy's case,
/// calibrates each, then samples them round-robin — sample 1 of each, sample 2 of
/// each, … — so that drift of the machine hits all strategies alike, and tears
/// them down. A case stops when it has its samples, or when its share of the
/// run's time budget is spent and it has the minimum. After the cases it fits
/// growth exponents and evaluates the suites' checks.
public struct BenchmarkRunner {
  /// How hard to measure.
  public var configuration: RunConfiguration
  /// Receives progress; called on the runner's thread.
  public var onEvent: (RunEvent) -> Void

  /// Creates a runner.
  public init(configuration: RunConfiguration, onEvent: @escaping (RunEvent) -> Void = { _ in }) {
    self.configuration = configuration
    self.onEvent = onEvent
  }

  /// Measures every case of `plan`.
  ///
  /// Failures of single cases (a throwing factory, a wrong notification count)
  /// are recorded in their results, never thrown: the other cases still run.
  public func run(_ plan: BenchmarkPlan, environment: RunEnvironment) -> BenchmarkRun {
    let start = MonotonicClock.now()
    let loadAtStart = SystemLoad.current()
    onEvent(.measuringOverhead)
    let loopOverhead = LoopOverhead.measure(configuration: configuration)
    onEvent(.measuredOverhead(nsPerIteration: loopOverhead))

    let total = plan.caseCount
    var results = [CaseResult]()
    for group in plan.groups {
      let elapsed = Double(MonotonicClock.now() &- start) / 1e9
      let remaining = total - results.count
      let share = configuration.timeBudgetSeconds.map { max(0, $0 - elapsed) / Double(remaining) * 1e9 }
      onEvent(
        .groupStarted(
          firstCase: results.count + 1, totalCases: total,
          group: "\(group.suite)/\(group.scenario.name)[\(group.size)]",
          etaSeconds: eta(elapsed: elapsed, done: results.count, total: total)))
      let finished = measure(group, loopOverhead: loopOverhead, shareNs: share)
      for result in finished {
        results.append(result)
        let now = Double(MonotonicClock.now() &- start) / 1e9
        onEvent(
          .caseFinished(
            index: results.count, total: total, result: result,
            etaSeconds: eta(elapsed: now, done: results.count, total: total)))
      }
    }

    var run = BenchmarkRun(
      environment: environment,
      settings: RunSettings(
        quick: configuration.quick, samples: configuration.samples,
        minimumSamples: configuration.minimumSamples, targetSampleNs: configuration.targetSampleNs,
        timeBudgetSeconds: configuration.timeBudgetSeconds, loopOverheadNs: loopOverhead,
        durationSeconds: 0),
      cases: results,
      fits: GrowthFit.fits(of: results),
      scenarioSummaries: Dictionary(
        plan.groups.map { ("\($0.suite)/\($0.scenario.name)", $0.scenario.summary) }, uniquingKeysWith: { first, _ in first })
    )
    run.suiteHeadlines = Dictionary(
      plan.suites.compactMap { suite in suite.headline.map { (suite.name, $0) } }, uniquingKeysWith: { first, _ in first })
    for suite in plan.suites {
      let context = SuiteCheckContext(suite: suite, run: run)
      for check in suite.checks {
        let result = context.evaluate(check)
        run.checks.append(result)
        onEvent(.checkFinished(result))
      }
    }
    run.settings.durationSeconds = Double(MonotonicClock.now() &- start) / 1e9
    if let loadAtStart, let loadAtEnd = SystemLoad.current() {
      run.settings.backgroundLoadCores = loadAtEnd.backgroundCores(since: loadAtStart)
    }
    return run
  }

  private func measure(_ group: BenchmarkPlan.Group, loopOverhead: Double, shareNs: Double?) -> [CaseResult] {
    var failed = [Int: CaseResult]()
    var samplers = [(index: Int, sampler: CaseSampler)]()
    for (index, strategy) in group.strategies.enumerated() {
      var result = CaseResult(
        suite: group.suite, scenario: group.scenario.name, strategy: strategy, size: group.size)
      let start = MonotonicClock.now()
      do {
        let prepared = try group.scenario.prepare(strategy: strategy, size: group.size)
        let sampler = CaseSampler(result: result, prepared: prepared, counter: AllocationCounter.shared)
        sampler.fault = configuration.fault
        sampler.charge(MonotonicClock.now() &- start)
        sampler.calibrate(targetNs: configuration.targetSampleNs, warmUpNs: configuration.warmUpNs)
        samplers.append((index, sampler))
      } catch {
        result.failure = "set-up failed: \(error)"
        failed[index] = result
      }
    }

    // A reference loop of each shape takes a sample each round beside the cases,
    // so the overhead subtracted from them is measured under the same conditions.
    let shapes = Set(
      samplers.map(\.sampler.operationsPerIteration) + (configuration.fault == .referenceShapeIgnored ? [1] : [])
    ).sorted()
    let references = Dictionary(
      uniqueKeysWithValues: shapes.map {
        ($0, LoopOverhead.sampler(configuration: configuration, operationsPerIteration: $0))
      })
    var active = samplers.map(\.sampler)
    while !active.isEmpty {
      active.removeAll { sampler in
        sampler.sampleCount >= configuration.samples
          || (sampler.sampleCount >= configuration.minimumSamples
            && shareNs.map { Double(sampler.spentNs) >= $0 } ?? false)
      }
      for sampler in active {
        sampler.sample()
        if sampler.recalibrateIfMissed(targetNs: configuration.targetSampleNs) {
          sampler.sample()
        }
      }
      if !active.isEmpty {
        for reference in references.values {
          let before = reference.spentNs
          reference.sample()
          // The references serve every case of the round: they share their cost.
          let cost = (reference.spentNs &- before) / UInt64(active.count)
          for sampler in active { sampler.charge(cost) }
        }
      }
    }

    let fallback = LoopOverhead.Estimate(perOperationNs: loopOverhead, uncertaintyNs: 0)
    var finished = failed
    for (index, sampler) in samplers {
      let shape = configuration.fault == .referenceShapeIgnored ? 1 : sampler.operationsPerIteration
      let overhead =
        references[shape].map { LoopOverhead.estimate(from: $0, configuration: configuration) } ?? fallback
      finished[index] = sampler.finish(
        overhead: overhead, targetNs: configuration.targetSampleNs,
        resamples: configuration.bootstrapResamples, seed: configuration.seed)
    }
    return group.strategies.indices.compactMap { finished[$0] }
  }

  private func eta(elapsed: Double, done: Int, total: Int) -> Double? {
    guard done > 0 else { return configuration.timeBudgetSeconds }
    let estimate = elapsed / Double(done) * Double(total - done)
    guard let budget = configuration.timeBudgetSeconds else { return estimate }
    return min(estimate, max(0, budget - elapsed))
  }
}
