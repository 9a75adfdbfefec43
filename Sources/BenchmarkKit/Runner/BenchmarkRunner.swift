/// Measures a plan's cases: the harness's core loop.
///
/// A run is measured in passes, each on freshly prepared cases, and every pass is
/// measured the same way, by ``measurePass(_:pass:of:environment:)``, and every
/// run's passes go through one loop (``PassLoop``): `obsbench run` launches each
/// pass as a child process (so that each pass also lands its heap and stack
/// afresh, as a rerun would), tests and a one-pass run launch them in process
/// through ``run(_:environment:launcher:)``; both merge the passes with
/// ``merge(_:plan:environment:durationSeconds:backgroundLoadCores:stealCores:)``.
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

  /// Measures every pass of `plan` and merges them: the passes ``PassLoop``
  /// schedules, launched by `launcher` (in this process unless given), and the
  /// same merge as `obsbench run`'s.
  ///
  /// Failures of single cases (a throwing factory, a wrong notification count)
  /// are recorded in their results, never thrown: the other cases still run.
  public func run(
    _ plan: BenchmarkPlan, environment: RunEnvironment, launcher: (any PassLauncher)? = nil
  ) -> BenchmarkRun {
    let start = MonotonicClock.now()
    let loadAtStart = SystemLoad.current()
    let launcher = launcher ?? InProcessLauncher(plan: plan, environment: environment, onEvent: onEvent)
    // The in-process launcher does not throw for this build's passes.
    let measured =
      (try? PassLoop.run(.passes(configuration.passes), configuration: configuration, launcher: launcher))?.current
      ?? []
    let loadAtEnd = SystemLoad.current()
    return merge(
      measured, plan: plan, environment: environment,
      durationSeconds: Double(MonotonicClock.now() &- start) / 1e9,
      backgroundLoadCores: loadAtStart.flatMap { start in loadAtEnd.map { $0.backgroundCores(since: start) } },
      stealCores: loadAtStart.flatMap { start in loadAtEnd.map { $0.stealCores(since: start) } })
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

  /// Seconds left in the pass at this rate, never past what its budget leaves.
  private func eta(elapsed: Double, done: Int, total: Int) -> Double? {
    guard done > 0 else { return configuration.timeBudgetSeconds }
    let estimate = elapsed / Double(done) * Double(total - done)
    guard let budget = configuration.timeBudgetSeconds else { return estimate }
    return min(estimate, max(0, budget - elapsed))
  }
}
