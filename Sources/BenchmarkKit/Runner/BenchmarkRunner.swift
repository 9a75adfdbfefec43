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
  /// Whether ``run(_:environment:)`` evaluates the suites' checks; a pass that
  /// is merged with others later leaves them to the merged run.
  public var evaluatesChecks = true

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
    let passes = configuration.passes
    let groups = plan.groups.map(GroupState.init)
    var finishedCount = 0
    var results = [CaseResult]()
    for pass in 0..<passes {
      for (number, group) in groups.enumerated() {
        let elapsed = Double(MonotonicClock.now() &- start) / 1e9
        // Each pass of each case gets an equal share of what is left of the budget.
        let before = groups[..<number].reduce(0) { $0 + $1.group.strategies.count }
        let done = pass * total + before
        let remaining = total * passes - done
        let share = configuration.timeBudgetSeconds.map { max(0, $0 - elapsed) / Double(max(remaining, 1)) * 1e9 }
        onEvent(
          .groupStarted(
            firstCase: before + 1, totalCases: total,
            group: "\(group.group.suite)/\(group.group.scenario.name)[\(group.group.size)]"
              + (passes > 1 ? " (pass \(pass + 1)/\(passes))" : ""),
            etaSeconds: eta(elapsed: elapsed, done: done, total: total * passes)))
        measure(group, pass: pass, loopOverhead: loopOverhead, shareNs: share)
        guard pass == passes - 1 else { continue }
        for result in finish(group, loopOverhead: loopOverhead) {
          results.append(result)
          finishedCount += 1
          let now = Double(MonotonicClock.now() &- start) / 1e9
          onEvent(
            .caseFinished(
              index: finishedCount, total: total, result: result,
              etaSeconds: eta(elapsed: now, done: (passes - 1) * total + finishedCount, total: total * passes)))
        }
      }
    }

    var run = assemble(plan, cases: results, environment: environment, loopOverheadNs: loopOverhead)
    run.settings.durationSeconds = Double(MonotonicClock.now() &- start) / 1e9
    if let loadAtStart, let loadAtEnd = SystemLoad.current() {
      run.settings.backgroundLoadCores = loadAtEnd.backgroundCores(since: loadAtStart)
    }
    return run
  }

  /// The run made of `cases`, measured for `plan`: its settings, growth fits,
  /// headlines, and the suites' checks evaluated on it.
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
    run.suiteHeadlines = Dictionary(
      plan.suites.compactMap { suite in suite.headline.map { (suite.name, $0) } }, uniquingKeysWith: { first, _ in first })
    for suite in plan.suites where evaluatesChecks {
      let context = SuiteCheckContext(suite: suite, run: run)
      for check in suite.checks {
        let result = context.evaluate(check)
        run.checks.append(result)
        onEvent(.checkFinished(result))
      }
    }
    return run
  }

  /// One group's cases across the passes: their samplers, the cases that
  /// failed, and the reference loops sampled beside them.
  private final class GroupState {
    let group: BenchmarkPlan.Group
    var samplers = [(index: Int, sampler: CaseSampler)]()
    var failed = [Int: CaseResult]()
    var references = [Int: CaseSampler]()

    init(_ group: BenchmarkPlan.Group) { self.group = group }
  }

  /// Prepares the group's cases afresh (calibrating them in the first pass) and
  /// takes this pass's share of their samples round-robin, then tears them down.
  private func measure(_ state: GroupState, pass: Int, loopOverhead: Double, shareNs: Double?) {
    let group = state.group
    let passes = configuration.passes
    // Each pass prepares the group's cases in an order of its own and each round
    // samples them in another: where a case's memory lands follows what was
    // allocated before it, and a case always prepared last (none, in list order)
    // or always sampled after the same neighbour kept whatever that cost or saved
    // in every pass — none's remove[10000] ran 25% slower than an identity
    // strategy's with fewer instructions, pass after pass. Shuffled, that becomes
    // spread between passes, which the intervals carry.
    var order = SplitMix64(
      seed: SplitMix64.seed(
        for: "\(group.suite)/\(group.scenario.name)[\(group.size)]#\(pass)", base: configuration.seed))
    for (index, strategy) in Self.shuffled(Array(group.strategies.enumerated()), using: &order)
    where state.failed[index] == nil {
      let start = MonotonicClock.now()
      let existing = state.samplers.first { $0.index == index }?.sampler
      do {
        let prepared = try group.scenario.prepare(strategy: strategy, size: group.size)
        if let existing {
          existing.beginPass(prepared, warmUpNs: configuration.warmUpNs / UInt64(passes))
          existing.charge(MonotonicClock.now() &- start)
        } else {
          let result = CaseResult(
            suite: group.suite, scenario: group.scenario.name, strategy: strategy, size: group.size)
          let sampler = CaseSampler(result: result, prepared: prepared, counter: AllocationCounter.shared)
          sampler.fault = configuration.fault
          sampler.charge(MonotonicClock.now() &- start)
          if let iterations = configuration.calibratedIterations?[result.key] {
            sampler.adopt(iterations: iterations, warmUpNs: configuration.warmUpNs / 4)
          } else {
            sampler.calibrate(targetNs: configuration.targetSampleNs, warmUpNs: configuration.warmUpNs)
          }
          state.samplers.append((index, sampler))
        }
      } catch {
        var result =
          existing?.result
          ?? CaseResult(suite: group.suite, scenario: group.scenario.name, strategy: strategy, size: group.size)
        result.failure = "set-up failed\(pass > 0 ? " in pass \(pass + 1)" : ""): \(error)"
        existing?.endPass()
        state.samplers.removeAll { $0.index == index }
        state.failed[index] = result
      }
    }

    // A reference loop of each shape takes a sample each round beside the cases,
    // so the overhead subtracted from them is measured under the same conditions.
    let shapes = Set(
      state.samplers.map(\.sampler.operationsPerIteration)
        + (configuration.fault == .referenceShapeIgnored ? [1] : [])
    )
    for shape in shapes where state.references[shape] == nil {
      state.references[shape] = LoopOverhead.sampler(configuration: configuration, operationsPerIteration: shape)
    }
    // Pass p (0-based) brings each case to its share of the samples so far.
    let target = Self.share(configuration.samples, through: pass, of: passes)
    let minimum = Self.share(configuration.minimumSamples, through: pass, of: passes)
    let spentBefore = Dictionary(uniqueKeysWithValues: state.samplers.map { ($0.index, $0.sampler.spentNs) })
    var active = state.samplers
    while !active.isEmpty {
      active.removeAll { index, sampler in
        sampler.sampleCount >= target
          || (sampler.sampleCount >= minimum
            && shareNs.map { Double(sampler.spentNs &- (spentBefore[index] ?? 0)) >= $0 } ?? false)
      }
      for (_, sampler) in Self.shuffled(active, using: &order) {
        sampler.sample()
        // Every pass re-times a first sample that missed its target: a later pass's
        // process may run the count the first pass found at half or twice the speed.
        if sampler.recalibrateIfMissed(targetNs: configuration.targetSampleNs) {
          sampler.sample()
        }
      }
      if !active.isEmpty {
        for shape in shapes.sorted() {
          guard let reference = state.references[shape] else { continue }
          let before = reference.spentNs
          reference.sample()
          // The references serve every case of the round: they share their cost.
          let cost = (reference.spentNs &- before) / UInt64(active.count)
          for (_, sampler) in active { sampler.charge(cost) }
        }
      }
    }
    for (_, sampler) in state.samplers { sampler.endPass() }
  }

  /// The group's results after the last pass, in the scenario's strategy order.
  private func finish(_ state: GroupState, loopOverhead: Double) -> [CaseResult] {
    let fallback = LoopOverhead.Estimate(perOperationNs: loopOverhead, uncertaintyNs: 0)
    var finished = state.failed
    for (index, sampler) in state.samplers {
      let shape = configuration.fault == .referenceShapeIgnored ? 1 : sampler.operationsPerIteration
      let overhead =
        state.references[shape].map { LoopOverhead.estimate(from: $0, configuration: configuration) } ?? fallback
      finished[index] = sampler.finish(
        overhead: overhead, targetNs: configuration.targetSampleNs,
        resamples: configuration.bootstrapResamples, seed: configuration.seed)
    }
    return state.group.strategies.indices.compactMap { finished[$0] }
  }

  /// `items` in a random order drawn from `generator` (Fisher–Yates), the same
  /// for the same seed whatever the standard library's shuffle does.
  public static func shuffled<T>(_ items: [T], using generator: inout SplitMix64) -> [T] {
    var items = items
    for i in stride(from: items.count - 1, to: 0, by: -1) {
      items.swapAt(i, generator.nextIndex(below: i + 1))
    }
    return items
  }

  /// The samples a case should have after pass `pass` (0-based) of `passes`:
  /// `count` spread as evenly as whole samples allow, the last pass reaching it.
  public static func share(_ count: Int, through pass: Int, of passes: Int) -> Int {
    (count * (pass + 1) + passes - 1) / passes
  }

  private func eta(elapsed: Double, done: Int, total: Int) -> Double? {
    guard done > 0 else { return configuration.timeBudgetSeconds }
    let estimate = elapsed / Double(done) * Double(total - done)
    guard let budget = configuration.timeBudgetSeconds else { return estimate }
    return min(estimate, max(0, budget - elapsed))
  }
}
