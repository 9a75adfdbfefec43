import BenchmarkKit
import BenchmarkReports
import Benchmarks
import Foundation

/// `obsbench run` as the steps it takes, in order:
///
/// ```
/// plan ─▶ measure passes ─▶ merge ─▶ checks ─▶ instructions ─▶ publish ─▶ write
///          (one child per pass,     (suite checks,  (callgrind,   (figures,  (every format
///           or in process:           none is the     when asked)   effects    reads them)
///           measurePass each)        floor)                        once)
/// ```
///
/// Everything that can be wrong with the input is found in ``init``, before the
/// first sample. The figures every writer prints are computed once, in
/// ``publish(_:)``.
struct RunPipeline {
  let options: RunOptions
  let plan: BenchmarkPlan
  let console: Console
  /// Where instructions are counted, when `--metric` asks for them.
  let callgrind: Callgrind?
  /// Whether passes may run as child processes (not in a test host).
  let separateProcesses: Bool
  private let progress: ProgressPrinter
  private let registry: [BenchmarkSuite]
  private let environment: [String: String]

  /// Step 1, plan: validates the options against the registry.
  init(
    options: RunOptions, registry: [BenchmarkSuite], environment: [String: String], console: Console,
    separateProcesses: Bool
  ) throws {
    var options = options
    if let rulesPath = options.rulesPath {
      options.selection.cases = try Self.cases(judgedBy: rulesPath, registry: registry, selection: options.selection)
    }
    self.options = options
    self.console = console
    plan = try BenchmarkPlan(registry: registry, selection: options.selection)
    // A missing valgrind is bad input too, found before anything is measured.
    callgrind = options.metrics.contains(.instructions) ? try Callgrind.locate(environment: environment) : nil
    self.separateProcesses = separateProcesses
    self.registry = registry
    self.environment = environment
    progress = ProgressPrinter(console: console)
  }

  /// The cases of `selection` the rules of the file at `path` judge, so that a
  /// gate's cases are measured and no others (`run --rules`).
  ///
  /// - Throws: ``UsageError`` for an unreadable or malformed file, or one whose
  ///   rules judge no selected case.
  static func cases(
    judgedBy path: String, registry: [BenchmarkSuite], selection: BenchmarkSelection
  ) throws -> Set<CaseKey> {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UsageError("run: cannot read rules file \(path)")
    }
    let rules = try CheckRule.parseFile(String(decoding: data, as: UTF8.self), source: path)
    let plan = try BenchmarkPlan(registry: registry, selection: selection)
    let keys = plan.groups.flatMap { group in
      group.strategies.map {
        CaseKey(suite: group.suite, scenario: group.scenario.name, strategy: $0, size: group.size)
      }
    }
    let cases = rules.reduce(into: Set<CaseKey>()) { $0.formUnion($1.needed(of: keys)) }
    guard !cases.isEmpty else { throw UsageError("run: the rules of \(path) judge none of the selected cases") }
    return cases
  }

  /// Steps 2 and 3, measure passes and merge: every pass measured one way
  /// (``BenchmarkRunner/measurePass(_:pass:of:environment:)``), in a child
  /// process of its own where it can be.
  func measure() throws -> BenchmarkRun {
    let configuration = options.configuration
    let runner = BenchmarkRunner(configuration: configuration, onEvent: progress.handle)
    guard configuration.passes > 1 && separateProcesses && PassChild.available else {
      return runner.run(plan, environment: RunEnvironment.ofThisBuild())
    }
    let start = MonotonicClock.now()
    let loadAtStart = SystemLoad.current()
    let passes = try PassChild.measure(options.selection, configuration: configuration, console: console)
    let loadAtEnd = SystemLoad.current()
    return runner.merge(
      passes, plan: plan, environment: RunEnvironment.ofThisBuild(),
      durationSeconds: Double(MonotonicClock.now() &- start) / 1e9,
      backgroundLoadCores: loadAtStart.flatMap { start in loadAtEnd.map { $0.backgroundCores(since: start) } },
      stealCores: loadAtStart.flatMap { start in loadAtEnd.map { $0.stealCores(since: start) } })
  }

  /// Steps 2 and 3 of an A/B run (`--baseline-binary`): both builds' passes,
  /// interleaved (``PairedPasses``), merged build by build. The baseline keeps
  /// the environment its own passes recorded (its build commit).
  func measurePaired(baseline binary: String) throws -> (baseline: BenchmarkRun, current: BenchmarkRun) {
    guard separateProcesses && PassChild.available else {
      throw UsageError("run: --baseline-binary runs each pass as a process of the obsbench executable")
    }
    let configuration = options.configuration
    let runner = BenchmarkRunner(configuration: configuration, onEvent: progress.handle)
    let start = MonotonicClock.now()
    let loadAtStart = SystemLoad.current()
    let measured = try PairedPasses.measure(
      options.selection, configuration: configuration, baseline: binary, console: console)
    let loadAtEnd = SystemLoad.current()
    let duration = Double(MonotonicClock.now() &- start) / 1e9
    let load = loadAtStart.flatMap { start in loadAtEnd.map { $0.backgroundCores(since: start) } }
    let steal = loadAtStart.flatMap { start in loadAtEnd.map { $0.stealCores(since: start) } }
    let environment = RunEnvironment.current(buildCommit: buildCommit)
    let current = runner.merge(
      measured.current, plan: plan, environment: environment, durationSeconds: duration, backgroundLoadCores: load,
      stealCores: steal)
    let baseline = runner.merge(
      measured.baseline, plan: plan, environment: measured.baseline.first?.environment ?? environment,
      durationSeconds: duration, backgroundLoadCores: load, stealCores: steal)
    return (baseline, current)
  }

  /// Step 4, checks: the suites' own, then the run-wide check that nothing is
  /// cheaper than `none` (a strategy that is was given less work: a workload
  /// defect that fails the run like a failed self-check).
  func check(_ run: inout BenchmarkRun) {
    BenchmarkRunner(configuration: options.configuration, onEvent: progress.handle).evaluateChecks(of: &run, plan: plan)
  }

  /// The floor check, after instructions are counted: where both sides have
  /// counts, the counts judge.
  func checkFloor(_ run: inout BenchmarkRun) {
    let floorChecks = FloorCheck.evaluate(run)
    run.checks += floorChecks
    for check in floorChecks { progress.handle(.checkFinished(check)) }
  }

  /// Step 5, instructions: counted under callgrind when `--metric` asks; the
  /// cases' profiles are kept for `explain`.
  func countInstructions(_ run: inout BenchmarkRun) throws -> KeptProfiles? {
    guard let callgrind else { return nil }
    return try InstructionsRun.count(plan, into: &run, callgrind: callgrind, console: console)
  }

  /// Step 6, publish: every case's figures (values or bounds, the ratio to apple
  /// and its interval) and what each strategy choice costs (the run's effects),
  /// computed once; every writer reads them.
  func publish(_ run: BenchmarkRun) -> BenchmarkRun {
    var run = Publication.publish(run)
    run.strategyRoles = Registry.strategyRoles.filter { id, _ in run.cases.contains { $0.strategy == id } }
    run.strategyTradeOffs = Registry.strategyTradeOffs.filter { id, _ in run.cases.contains { $0.strategy == id } }
    return run
  }

  /// What a run leaves: the run, the paths written and, for an A/B run, the
  /// verdict on this build against the baseline build.
  struct Outcome {
    var run: BenchmarkRun
    var written: [String]
    var comparison: RunComparison?
    /// Where an A/B run's regressed cases' extra instructions went.
    var explanations: RegressionExplanations?
  }

  /// Runs every step and writes the reports into `folder`.
  func run(arguments: [String], into folder: OutputFolder) throws -> Outcome {
    var run: BenchmarkRun
    var baseline: BenchmarkRun?
    if let binary = options.baselineBinary {
      (baseline, run) = try measurePaired(baseline: binary)
      progress.finish()
      check(&run)
    } else if options.metrics.contains(.time) {
      run = try measure()
      progress.finish()
      check(&run)
    } else {
      run = InstructionsRun.empty(plan: plan, quick: options.selection.quick)
    }
    let profiles = try countInstructions(&run)
    if options.metrics.contains(.time) { checkFloor(&run) }
    // Dated when measuring ended, counts included, whichever way it measured:
    // the reports' date and the InfluxDB points' timestamp.
    run.environment.date = ISO8601DateFormatter().string(from: Date())
    run = publish(run)
    // Step 7, write: the new set of files in place of the folder's old set,
    // the kept profiles (or an A/B run's baseline and verdict) beside results.json.
    var kept = [(name: String, data: Data)]()
    if let profiles, options.formats.contains(.json) {
      kept.append((KeptProfiles.fileName, try profiles.encoded()))
    }
    var comparison: RunComparison?
    var explanations: RegressionExplanations?
    if let measured = baseline, let binary = options.baselineBinary {
      let published = publish(measured)
      let verdict = RunComparison(
        pairedBaseline: published, current: run,
        options: RunComparison.Options(
          threshold: options.threshold, allowMissing: true, ungatedBelowNs: RunComparison.pairedGateFloorNs))
      comparison = verdict
      let why = PairedExplanations.explain(
        verdict, baseline: binary, registry: registry, environment: environment, console: console)
      explanations = why
      var markdown = verdict.markdown(title: "A/B: this build against the baseline build")
      if !why.entries.isEmpty { markdown += "\n" + why.markdown() }
      kept.append((OwnedFiles.baselineResults, try ResultsJSON.encode(published)))
      kept.append((OwnedFiles.verdict, Data(markdown.utf8)))
    }
    var runs = ReportRuns(run)
    runs.profiles = profiles
    let written = try ReportWriter.write(runs, formats: options.formats, alongside: kept, to: folder.path)
    return Outcome(run: run, written: written, comparison: comparison, explanations: explanations)
  }
}
