import BenchmarkKit
import BenchmarkReports
import Benchmarks
import Foundation

/// `obsbench run` as the steps it takes, in order:
///
/// ```
/// plan ─▶ measure passes ─▶ merge ─▶ checks ─▶ instructions ─▶ publish ─▶ write
///          (PassLoop: a child       (suite checks,  (callgrind,   (figures,  (every format
///           per pass of either       none is the     when asked)   effects    reads them)
///           build, or in process)    floor)                        once)
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
      throw UsageError("run: cannot read rules file \(path): \(UnreadableFile.reason(path))")
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

  /// How an A/B run's verdict judges: the options its power note, said before
  /// the passes, and its verdict, made after them, share.
  var verdictOptions: RunComparison.Options {
    RunComparison.Options(
      threshold: options.threshold, allowMissing: true, ungatedBelowNs: RunComparison.pairedGateFloorNs)
  }

  /// The run's passes: P passes of this build, or, with a baseline binary, P
  /// pairs of passes of both builds (A B, B A, …).
  var schedule: PassSchedule {
    options.baselineBinary == nil ? .passes(options.configuration.passes) : .paired(options.configuration.passes)
  }

  /// How the passes are launched: each as a child process of its build's
  /// executable where it can be, else (a one-pass run, or a test host running
  /// the command in process) in this process.
  ///
  /// - Throws: ``UsageError`` for an A/B run that cannot start processes.
  func launcher(scratch: () throws -> PassChild.Scratch) throws -> any PassLauncher {
    let canStartPasses = separateProcesses && PassChild.available
    if let binary = options.baselineBinary {
      guard canStartPasses else {
        throw UsageError("run: --baseline-binary runs each pass as a process of the obsbench executable")
      }
      return PassChild.Launcher(
        selection: options.selection, scratch: try scratch(), baseline: binary, console: console)
    }
    guard options.configuration.passes > 1 && canStartPasses else {
      return InProcessLauncher(plan: plan, environment: RunEnvironment.ofThisBuild(), onEvent: progress.handle)
    }
    return PassChild.Launcher(selection: options.selection, scratch: try scratch(), baseline: nil, console: console)
  }

  /// Steps 2 and 3, measure passes and merge: the schedule's passes through
  /// the one loop (``PassLoop``), launched by `launcher` (``launcher(scratch:)``
  /// unless given), then merged build by build. An A/B run's baseline keeps
  /// the environment its own passes recorded (its build commit).
  func measure(
    launcher given: (any PassLauncher)? = nil
  ) throws -> (baseline: BenchmarkRun?, current: BenchmarkRun) {
    var scratch: PassChild.Scratch?
    defer { scratch?.remove() }
    let launcher =
      try given
      ?? launcher {
        let made = try PassChild.Scratch()
        scratch = made
        return made
      }
    let configuration = options.configuration
    if options.baselineBinary != nil {
      // What the verdict can see, before the minutes are spent: the tests it
      // will make are every case, and again each case judged through a reference.
      let strategies = plan.groups.flatMap(\.strategies)
      let referenced = strategies.filter { !verdictOptions.referenceStrategies.contains($0) }.count
      console.printError(
        "obsbench: note: "
          + RunComparison.pairedPowerNote(
            pairs: configuration.passes, judged: strategies.count + referenced, options: verdictOptions))
    }
    let start = MonotonicClock.now()
    let loadAtStart = SystemLoad.current()
    let measured = try PassLoop.run(schedule, configuration: configuration, launcher: launcher)
    let loadAtEnd = SystemLoad.current()
    let duration = Double(MonotonicClock.now() &- start) / 1e9
    let load = loadAtStart.flatMap { start in loadAtEnd.map { $0.backgroundCores(since: start) } }
    let steal = loadAtStart.flatMap { start in loadAtEnd.map { $0.stealCores(since: start) } }
    let runner = BenchmarkRunner(configuration: configuration, onEvent: progress.handle)
    let environment = RunEnvironment.ofThisBuild()
    let current = runner.merge(
      measured.current, plan: plan, environment: environment, durationSeconds: duration, backgroundLoadCores: load,
      stealCores: steal)
    guard options.baselineBinary != nil else { return (nil, current) }
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
    if options.baselineBinary != nil || options.metrics.contains(.time) {
      (baseline, run) = try measure()
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
    var abVerdict: ABVerdict?
    if let measured = baseline, let binary = options.baselineBinary {
      var published = publish(measured)
      var verdict = RunComparison(pairedBaseline: published, current: run, options: verdictOptions)
      let counted = PairedExplanations.explain(
        verdict, baseline: binary, registry: registry, environment: environment, console: console)
      if !counted.counts.isEmpty {
        // Judged again with the counts: a slower case whose builds ran the
        // same instructions is placement, and is not gated.
        published = PairedExplanations.recording(counted.counts.mapValues(\.before), in: published)
        run = PairedExplanations.recording(counted.counts.mapValues(\.after), in: run)
        verdict = RunComparison(pairedBaseline: published, current: run, options: verdictOptions)
      }
      comparison = verdict
      let why = counted.explanations
      explanations = why
      var ab = ABVerdict(comparison: verdict, explanations: why)
      if let difference = RunSettings.samplingDifference(baseline: published.settings, current: run.settings) {
        ab.warnings.append(difference)
        console.printError("obsbench: warning: \(difference)")
      }
      abVerdict = ab
      kept.append((OwnedFiles.baselineResults, try ResultsJSON.encode(published)))
      kept.append((OwnedFiles.verdict, Data(ab.markdown.utf8)))
    }
    var runs = ReportRuns(run)
    runs.profiles = profiles
    runs.abVerdict = abVerdict
    let written = try ReportWriter.write(
      runs, formats: options.formats, alongside: kept, to: folder.path, onStep: TestHooks.reportWriteStep)
    return Outcome(run: run, written: written, comparison: comparison, explanations: explanations)
  }
}
