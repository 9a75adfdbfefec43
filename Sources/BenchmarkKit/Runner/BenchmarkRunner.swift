/// Measures a plan's cases: the harness's core loop.
///
/// A run is measured in passes, each on freshly prepared cases, and every pass is
/// measured the same way, by ``measurePass(_:pass:of:environment:)``: `obsbench
/// run` starts one child process per pass (so that each pass also lands its heap
/// and stack afresh, as a rerun would), tests and a one-pass run call it in
/// process through ``run(_:environment:)``; both merge the passes with
/// ``merge(_:plan:environment:durationSeconds:backgroundLoadCores:)``.
///
/// Within a pass, for each group (one scenario and size) it prepares every
/// strategy's case, calibrates each (or adopts the first pass's count), then
/// samples them round-robin — round 1 of each, round 2 of each, … — so that drift
/// of the machine hits all strategies alike, and tears them down.
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

  /// Measures every pass of `plan` in this process, one after another, and
  /// merges them: the same passes and merge as `obsbench run`'s child processes.
  ///
  /// Failures of single cases (a throwing factory, a wrong notification count)
  /// are recorded in their results, never thrown: the other cases still run.
  public func run(_ plan: BenchmarkPlan, environment: RunEnvironment) -> BenchmarkRun {
    let start = MonotonicClock.now()
    let loadAtStart = SystemLoad.current()
    let passes = configuration.passes
    var measured = [BenchmarkRun]()
    var calibrated = configuration.calibratedIterations
    for pass in 1...passes {
      var runner = self
      runner.configuration = configuration.forPass(
        pass, calibratedIterations: calibrated,
        elapsedSeconds: Double(MonotonicClock.now() &- start) / 1e9)
      measured.append(runner.measurePass(plan, pass: pass, of: passes, environment: environment))
      if pass == 1 { calibrated = Self.calibration(of: measured[0]) }
    }
    let loadAtEnd = SystemLoad.current()
    return merge(
      measured, plan: plan, environment: environment,
      durationSeconds: Double(MonotonicClock.now() &- start) / 1e9,
      backgroundLoadCores: loadAtStart.flatMap { start in loadAtEnd.map { $0.backgroundCores(since: start) } })
  }

  /// The iteration counts a first pass found, for the later passes to adopt.
  public static func calibration(of pass: BenchmarkRun) -> [CaseKey: Int] {
    Dictionary(
      pass.cases.filter { $0.failure == nil && $0.iterations > 0 }.map { ($0.key, $0.iterations) },
      uniquingKeysWith: { first, _ in first })
  }

  /// Measures pass `pass` (1-based) of `passes` of `plan`: every case on fresh
  /// fixtures, at least ``RunConfiguration/minimumSamples`` samples each, more
  /// where its median is not yet known to ``RunConfiguration/precision`` and the
  /// group's share of ``RunConfiguration/timeBudgetSeconds`` (this pass's budget)
  /// lasts. The run it returns holds this pass's samples only; checks are left
  /// to the merged run.
  public func measurePass(
    _ plan: BenchmarkPlan, pass: Int, of passes: Int, environment: RunEnvironment
  ) -> BenchmarkRun {
    let start = MonotonicClock.now()
    onEvent(.measuringOverhead)
    let loopOverhead = LoopOverhead.measure(configuration: configuration)
    onEvent(.measuredOverhead(nsPerIteration: loopOverhead))

    let total = plan.caseCount
    var results = [CaseResult]()
    var done = 0
    for group in plan.groups {
      let elapsed = Double(MonotonicClock.now() &- start) / 1e9
      // Each group gets its cases' share of what is left of the pass's budget;
      // what a group leaves unspent goes to the groups after it.
      let shareNs = configuration.timeBudgetSeconds.map {
        max(0, $0 - elapsed) * Double(group.strategies.count) / Double(max(total - done, 1)) * 1e9
      }
      onEvent(
        .groupStarted(
          firstCase: done + 1, totalCases: total,
          group: "\(group.suite)/\(group.scenario.name)[\(group.size)]",
          etaSeconds: eta(elapsed: elapsed, done: done, total: total)))
      for result in measure(group, pass: pass, shareNs: shareNs, fallbackOverhead: loopOverhead) {
        results.append(result)
        done += 1
        onEvent(
          .caseFinished(
            index: done, total: total, result: result,
            etaSeconds: eta(elapsed: Double(MonotonicClock.now() &- start) / 1e9, done: done, total: total)))
      }
    }
    var run = assemble(plan, cases: results, environment: environment, loopOverheadNs: loopOverhead)
    run.settings.durationSeconds = Double(MonotonicClock.now() &- start) / 1e9
    run.settings.passes = 1
    return run
  }

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
        plan.groups.map { ("\($0.suite)/\($0.scenario.name)", $0.scenario.summary) }, uniquingKeysWith: { first, _ in first })
    )
    run.settings.passes = configuration.passes
    run.settings.seed = configuration.seed
    run.suiteHeadlines = Dictionary(
      plan.suites.compactMap { suite in suite.headline.map { (suite.name, $0) } }, uniquingKeysWith: { first, _ in first })
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

  /// Prepares the group's cases (calibrating them, or adopting the first pass's
  /// counts), takes their samples round by round, tears them down, and returns
  /// their results in the scenario's strategy order.
  private func measure(
    _ group: BenchmarkPlan.Group, pass: Int, shareNs: Double?, fallbackOverhead: Double
  ) -> [CaseResult] {
    let groupStart = MonotonicClock.now()
    // Each pass prepares the group's cases in an order of its own and each round
    // samples them in another: where a case's memory lands follows what was
    // allocated before it, and a case always prepared last or always sampled
    // after the same neighbour would keep whatever that cost or saved in every
    // pass. Shuffled from the run's seed, which is new for every run, that
    // becomes spread between passes and between runs, which the intervals carry.
    var order = SplitMix64(
      seed: SplitMix64.seed(
        for: "\(group.suite)/\(group.scenario.name)[\(group.size)]#\(pass)", base: configuration.seed))
    var samplers = [(index: Int, sampler: CaseSampler)]()
    var finished = [Int: CaseResult]()
    for (index, strategy) in Self.shuffled(Array(group.strategies.enumerated()), using: &order) {
      let result = CaseResult(suite: group.suite, scenario: group.scenario.name, strategy: strategy, size: group.size)
      do {
        let prepared = try group.scenario.prepare(strategy: strategy, size: group.size)
        let sampler = CaseSampler(result: result, prepared: prepared, counter: AllocationCounter.shared)
        sampler.fault = configuration.fault
        if let iterations = configuration.calibratedIterations?[result.key] {
          sampler.adopt(iterations: iterations, warmUpNs: configuration.warmUpNs / 4)
        } else {
          sampler.calibrate(targetNs: configuration.targetSampleNs, warmUpNs: configuration.warmUpNs)
        }
        samplers.append((index, sampler))
      } catch {
        var failed = result
        failed.failure = "set-up failed\(pass > 1 ? " in pass \(pass)" : ""): \(error)"
        finished[index] = failed
      }
    }

    // A reference loop of each shape takes a sample each round beside the cases,
    // so the overhead subtracted from them is measured under the same conditions.
    let shapes = Set(
      samplers.map(\.sampler.operationsPerIteration) + (configuration.fault == .referenceShapeIgnored ? [1] : []))
    var references = [Int: CaseSampler]()
    for shape in shapes {
      references[shape] = LoopOverhead.sampler(configuration: configuration, operationsPerIteration: shape)
    }
    let minimum = configuration.minimumSamples
    let maximum = configuration.maximumSamplesPerPass
    var round = 0
    while true {
      // Every case takes its minimum; beyond it, the cases whose median is not yet
      // known to the precision asked for, while the group's share lasts.
      let withinShare = shareNs.map { Double(MonotonicClock.now() &- groupStart) < $0 } ?? true
      let active = samplers.filter { _, sampler in
        sampler.sampleCount < minimum
          || (withinShare && sampler.sampleCount < maximum && sampler.relativeHalfWidth > configuration.precision)
      }
      guard !active.isEmpty else { break }
      for (_, sampler) in Self.shuffled(active, using: &order) {
        sampler.sample(round: round)
        // A first sample that missed its target is re-timed: a later pass's
        // process may run the count the first pass found at half or twice the speed.
        if sampler.recalibrateIfMissed(targetNs: configuration.targetSampleNs) {
          sampler.sample(round: round)
        }
      }
      for shape in shapes.sorted() {
        references[shape]?.sample(round: round)
      }
      round += 1
    }
    // The loop cost subtracted from every case of the group is the references'
    // median: a few more samples than a precise group's 3 rounds, so that one
    // pre-empted reference sample does not move every case.
    for shape in shapes.sorted() {
      while let reference = references[shape], reference.sampleCount < Self.minimumReferenceSamples {
        reference.sample(round: round)
        round += 1
      }
    }
    let fallback = LoopOverhead.Estimate(perOperationNs: fallbackOverhead, uncertaintyNs: 0)
    for (index, sampler) in samplers {
      let shape = configuration.fault == .referenceShapeIgnored ? 1 : sampler.operationsPerIteration
      let overhead = references[shape].map { LoopOverhead.estimate(from: $0, configuration: configuration) } ?? fallback
      finished[index] = sampler.finish(
        overhead: overhead, targetNs: configuration.targetSampleNs,
        resamples: configuration.bootstrapResamples, seed: configuration.seed)
    }
    return group.strategies.indices.compactMap { finished[$0] }
  }

  /// The fewest samples a group's reference loop of each shape takes in a pass.
  static let minimumReferenceSamples = 9

  /// `items` in a random order drawn from `generator` (Fisher–Yates), the same
  /// for the same seed whatever the standard library's shuffle does.
  public static func shuffled<T>(_ items: [T], using generator: inout SplitMix64) -> [T] {
    var items = items
    for i in stride(from: items.count - 1, to: 0, by: -1) {
      items.swapAt(i, generator.nextIndex(below: i + 1))
    }
    return items
  }

  private func eta(elapsed: Double, done: Int, total: Int) -> Double? {
    guard done > 0 else { return configuration.timeBudgetSeconds }
    let estimate = elapsed / Double(done) * Double(total - done)
    guard let budget = configuration.timeBudgetSeconds else { return estimate }
    return min(estimate, max(0, budget - elapsed))
  }
}

extension RunConfiguration {
  /// The configuration pass `pass` (1-based) is measured with: the run's, with
  /// the first pass's iteration counts to adopt, a seed of its own (the passes'
  /// bootstraps should not be alike for no reason), and what is left of the
  /// run's budget shared by the passes still to run, so a pass that overran
  /// leaves the later ones less and the run keeps to its budget.
  public func forPass(_ pass: Int, calibratedIterations: [CaseKey: Int]?, elapsedSeconds: Double) -> RunConfiguration {
    var configuration = self
    configuration.calibratedIterations = pass > 1 ? calibratedIterations : self.calibratedIterations
    configuration.seed = seed &+ UInt64(pass)
    configuration.timeBudgetSeconds = timeBudgetSeconds.map {
      max(0.001, ($0 - elapsedSeconds) / Double(passes - pass + 1))
    }
    return configuration
  }
}
