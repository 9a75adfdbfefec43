import BenchmarkKit
import BenchmarkReports
import Foundation

/// The passes of `obsbench run`, each measured in a process of its own.
///
/// A rerun starts a new process, whose heap and stack land elsewhere and whose
/// lazily built tables fill in another order; ratios move with that, by more
/// than the samples of one process show. So `run` starts `obsbench pass-child
/// REQUEST.json RESULTS.json` once per pass, one after another: each reads its
/// ``PassRequest``, measures the pass with ``BenchmarkRunner/measurePass(_:pass:of:environment:)``
/// (the path an in-process run takes too) and writes the pass's results.
/// Which passes run, in which order and with what configuration is
/// ``PassLoop``'s, for every run.
enum PassChild {
  /// The hidden subcommand a pass runs as.
  static let command = "pass-child"

  /// Whether passes can run as child processes: only when this process is the
  /// `obsbench` executable (a test host running the command in process is not).
  static var available: Bool {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().lastPathComponent == "obsbench"
  }

  /// The executable this process runs: what a pass child starts.
  static var currentExecutable: String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
  }

  /// Launches each pass as `obsbench pass-child` of its build's executable:
  /// this one, or an A/B run's baseline binary.
  struct Launcher: PassLauncher {
    let selection: BenchmarkSelection
    let scratch: Scratch
    /// The baseline build's executable, in an A/B run.
    let baseline: String?
    let console: Console

    func measure(_ pass: ScheduledPass) throws -> BenchmarkRun {
      let request = PassRequest(pass, selection: selection)
      guard let baseline else {
        return try PassChild.measure(
          request, executable: currentExecutable, in: scratch, name: "pass-\(pass.pass)",
          label: "pass \(pass.pass) of \(pass.passes)")
      }
      let side = pass.build.rawValue
      console.printError("obsbench: A/B pass \(pass.pass) of \(pass.passes), \(side) build")
      let executable = pass.build == .baseline ? baseline : currentExecutable
      return try PassChild.measure(
        request, executable: executable, in: scratch, name: "\(side)-\(pass.pass)",
        label: "the \(side) build's pass \(pass.pass) of \(pass.passes)")
    }
  }

  /// A folder in the temporary directory for the passes' requests and results,
  /// removed with the run (and by a signal's handler, ``ChildProcesses``).
  struct Scratch {
    let url: URL

    init() throws {
      url = FileManager.default.temporaryDirectory
        .appendingPathComponent("obsbench-passes-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
      try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      ChildProcesses.addScratch(url.path)
    }

    func remove() {
      try? FileManager.default.removeItem(at: url)
      ChildProcesses.removeScratch(url.path)
    }
  }

  /// Measures one pass: `executable pass-child REQUEST RESULTS`, waited for, its
  /// results read back. `label` names the pass in errors ("pass 2 of 4").
  ///
  /// - Throws: ``UsageError`` when the pass could not start or ended without results.
  static func measure(
    _ request: PassRequest, executable: String, in scratch: Scratch, name: String, label: String
  ) throws -> BenchmarkRun {
    let requestPath = scratch.url.appendingPathComponent("\(name).json").path
    let results = scratch.url.appendingPathComponent("\(name)-results.json").path
    try request.write(path: requestPath)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = [command, requestPath, results]
    do {
      try process.run()
    } catch {
      throw UsageError("run: could not start \(label): \(error)")
    }
    ChildProcesses.started(process)
    process.waitUntilExit()
    ChildProcesses.ended(process)
    guard process.terminationReason == .exit, process.terminationStatus == ExitStatus.success,
      FileManager.default.fileExists(atPath: results)
    else {
      throw UsageError("run: \(label) ended without results (exit status \(process.terminationStatus))")
    }
    do {
      return try ResultsJSON.read(path: results)
    } catch {
      throw UsageError("run: \(label) left unreadable results: \(error.message)")
    }
  }

  /// The child: measures the pass `REQUEST.json` asks for and writes its results.
  static func run(_ arguments: [String], console: Console, registry: [BenchmarkSuite]) throws -> Int32 {
    guard arguments.count == 2 else { throw UsageError("\(command): expected REQUEST.json and RESULTS.json") }
    ChildProcesses.dieWithParent()
    let request = try PassRequest.read(path: arguments[0])
    let plan = try BenchmarkPlan(registry: registry, selection: request.selection)
    let progress = ProgressPrinter(
      console: console, label: "pass \(request.pass)/\(request.passes)", casesAsStatus: true,
      laterPasses: request.laterPasses ?? request.passes - request.pass, secondsPerPass: request.secondsPerPass)
    let runner = BenchmarkRunner(configuration: request.configuration, onEvent: progress.handle)
    let run = runner.measurePass(
      plan, pass: request.pass, of: request.passes, environment: RunEnvironment.ofThisBuild())
    progress.finish()
    do {
      try ResultsJSON.encode(run).write(to: URL(fileURLWithPath: arguments[1]), options: .atomic)
    } catch {
      throw UsageError("\(command): cannot write \(arguments[1]): \(error)")
    }
    return ExitStatus.success
  }
}
