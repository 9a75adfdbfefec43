import BenchmarkKit
import BenchmarkReports
import Foundation

/// The passes of `obsbench run`, each measured in a process of its own.
///
/// A rerun starts a new process, whose heap and stack land elsewhere and whose
/// lazily built tables fill in another order; ratios move with that, by more
/// than the samples of one process show. So `run` starts `obsbench pass-child DIR
/// K P ARGS…` once per pass, one after another: each measures the selection of
/// `ARGS` (the options of `run`) with pass K's share of the samples and of what
/// is left of the time budget and writes `DIR/results.json`; passes after the
/// first adopt its iteration counts instead of calibrating again. The parent
/// merges them
/// (``BenchmarkRunner/merge(_:plan:environment:durationSeconds:backgroundLoadCores:)``).
enum PassChild {
  /// The hidden subcommand a pass runs as.
  static let command = "pass-child"
  /// Names the first pass's iteration counts for the later passes.
  static let calibrationVariable = "OBSBENCH_PASS_CALIBRATION"
  /// The seconds of the run's budget a pass may spend.
  static let budgetVariable = "OBSBENCH_PASS_BUDGET"

  /// Whether passes can run as child processes: only when this process is the
  /// `obsbench` executable (a test host running the command in process is not).
  static var available: Bool {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().lastPathComponent == "obsbench"
  }

  /// Measures every pass of `runArguments` in its own process and returns their
  /// runs in pass order.
  ///
  /// - Throws: ``UsageError`` when a pass could not start or ended without results.
  static func measure(
    _ runArguments: [String], passes: Int, timeBudgetSeconds: Double?, console: Console
  ) throws -> [BenchmarkRun] {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("obsbench-passes-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    var runs = [BenchmarkRun]()
    let start = MonotonicClock.now()
    let calibration = scratch.appendingPathComponent("calibration.json").path
    for pass in 1...passes {
      let directory = scratch.appendingPathComponent("pass-\(pass)").path
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = [command, directory, String(pass), String(passes)] + runArguments
      var environment = ProcessInfo.processInfo.environment
      if pass > 1 { environment[calibrationVariable] = calibration }
      if let budget = timeBudgetSeconds {
        // What is left of the run's budget, shared by the passes still to run: a
        // pass that overran leaves the later ones less, and the run keeps to it.
        let elapsed = Double(MonotonicClock.now() &- start) / 1e9
        environment[budgetVariable] = String(max(0.001, (budget - elapsed) / Double(passes - pass + 1)))
      }
      process.environment = environment
      do {
        try process.run()
      } catch {
        throw UsageError("run: could not start pass \(pass) of \(passes): \(error)")
      }
      process.waitUntilExit()
      let results = directory + "/results.json"
      guard process.terminationReason == .exit, process.terminationStatus == ExitStatus.success,
        FileManager.default.fileExists(atPath: results)
      else {
        throw UsageError(
          "run: pass \(pass) of \(passes) ended without results (exit status \(process.terminationStatus))")
      }
      do {
        runs.append(try ResultsJSON.read(path: results))
      } catch {
        throw UsageError("run: pass \(pass) of \(passes) left unreadable results: \(error.message)")
      }
      if pass == 1 {
        // Later passes adopt the first pass's iteration counts.
        let iterations = Dictionary(
          runs[0].cases.filter { $0.failure == nil }.map { ($0.key, $0.iterations) }, uniquingKeysWith: { first, _ in first })
        try? JSONEncoder().encode(iterations).write(to: URL(fileURLWithPath: calibration))
      }
    }
    return runs
  }

  /// The child: measures pass K of P of the selection and writes its results.
  static func run(_ arguments: [String], console: Console, registry: [BenchmarkSuite]) throws -> Int32 {
    guard arguments.count >= 3, let pass = Int(arguments[1]), let passes = Int(arguments[2]),
      passes >= 1, (1...passes).contains(pass)
    else { throw UsageError("\(command): expected a folder, a pass and a pass count") }
    let directory = arguments[0]
    let options = try RunOptions(parsing: Array(arguments.dropFirst(3)))
    let plan = try BenchmarkPlan(registry: registry, selection: options.selection)
    var configuration = options.configuration
    let share = { (count: Int) in
      BenchmarkRunner.share(count, through: pass - 1, of: passes) - BenchmarkRunner.share(count, through: pass - 2, of: passes)
    }
    configuration.samples = max(1, share(options.configuration.samples))
    configuration.minimumSamples = max(1, min(configuration.samples, share(options.configuration.minimumSamples)))
    let environment = ProcessInfo.processInfo.environment
    configuration.timeBudgetSeconds =
      environment[budgetVariable].flatMap(Double.init)
      ?? options.configuration.timeBudgetSeconds.map { $0 / Double(passes) }
    if let path = environment[calibrationVariable], let data = FileManager.default.contents(atPath: path) {
      configuration.calibratedIterations = try? JSONDecoder().decode([CaseKey: Int].self, from: data)
    }
    configuration.passes = 1
    // The passes differ in process, not in seed: a fixed seed per pass would
    // make their bootstraps alike for no reason.
    configuration.seed = options.configuration.seed &+ UInt64(pass)
    let progress = ProgressPrinter(console: console, label: "pass \(pass)/\(passes)", casesAsStatus: true)
    var runner = BenchmarkRunner(configuration: configuration, onEvent: progress.handle)
    runner.evaluatesChecks = false
    let run = runner.run(plan, environment: RunEnvironment.current(buildCommit: buildCommit))
    progress.finish()
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try ResultsJSON.encode(run).write(to: URL(fileURLWithPath: directory + "/results.json"))
    } catch {
      throw UsageError("\(command): cannot write \(directory)/results.json: \(error)")
    }
    return ExitStatus.success
  }
}
