import BenchmarkKit
import BenchmarkReports
import Benchmarks
import Foundation

/// `obsbench run`: validates everything, measures, then writes the reports.
enum RunCommand {
  static func run(
    _ arguments: [String], console: Console, registry: [BenchmarkSuite],
    environment: [String: String] = ProcessInfo.processInfo.environment, separateProcesses: Bool = true
  ) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.run)
      return ExitStatus.success
    }
    let options = try RunOptions(parsing: arguments)
    // Everything that can be wrong with the input is found before the first
    // sample: a typo must not cost a ten-minute run.
    let plan = try BenchmarkPlan(registry: registry, selection: options.selection)
    // A missing valgrind is bad input too, found before anything is measured.
    let callgrind = options.metrics.contains(.instructions) ? try Callgrind.locate(environment: environment) : nil
    // Held until the files are in place: a second run into the same folder
    // stops here with one line instead of racing this one.
    let folder = try OutputFolder(locking: options.outputDirectory)
    for note in plan.notes {
      console.printError("obsbench: note: \(note)")
    }

    #if DEBUG
    console.printError(
      "obsbench: warning: this is a debug build; its timings mean little (build with 'swift build -c release')")
    #endif
    var run: BenchmarkRun
    if options.metrics.contains(.time) {
      let progress = ProgressPrinter(console: console)
      let passes = options.configuration.passes
      if passes > 1 && separateProcesses && PassChild.available {
        // Each pass in a process of its own, as a rerun would be; merged here.
        let start = MonotonicClock.now()
        let loadAtStart = SystemLoad.current()
        let measured = try PassChild.measure(
          arguments, passes: passes, timeBudgetSeconds: options.configuration.timeBudgetSeconds, console: console)
        let runner = BenchmarkRunner(configuration: options.configuration, onEvent: progress.handle)
        let loadAtEnd = SystemLoad.current()
        run = runner.merge(
          measured, plan: plan, environment: RunEnvironment.current(buildCommit: buildCommit),
          durationSeconds: Double(MonotonicClock.now() &- start) / 1e9,
          backgroundLoadCores: loadAtStart.flatMap { start in loadAtEnd.map { $0.backgroundCores(since: start) } })
        for (index, result) in run.cases.enumerated() {
          progress.handle(.caseFinished(index: index + 1, total: run.cases.count, result: result, etaSeconds: nil))
        }
      } else {
        let runner = BenchmarkRunner(configuration: options.configuration, onEvent: progress.handle)
        run = runner.run(plan, environment: RunEnvironment.current(buildCommit: buildCommit))
      }
      progress.finish()
      // A strategy cheaper than `none` was given less work: a workload defect that
      // fails the run like a failed self-check.
      let floorChecks = FloorCheck.evaluate(run)
      run.checks += floorChecks
      for check in floorChecks { progress.handle(.checkFinished(check)) }
    } else {
      run = InstructionsRun.empty(plan: plan, quick: options.selection.quick)
    }
    if let callgrind {
      try InstructionsRun.count(arguments, into: &run, callgrind: callgrind, console: console)
    }

    run.strategyRoles = Registry.strategyRoles.filter { id, _ in run.cases.contains { $0.strategy == id } }
    let written = try ReportWriter.write(run, formats: options.formats, to: folder.path)
    withExtendedLifetime(folder) {}
    for path in written {
      console.print(path)
    }
    let failedChecks = run.checks.filter(\.failed)
    let failures = run.failures
    console.printError(
      "obsbench: \(run.cases.count - failures.count) of \(run.cases.count) cases measured in \(Int(run.settings.durationSeconds.rounded())) s"
        + (run.checks.isEmpty ? "" : "; checks: \(Self.checkCounts(run.checks))"))
    if let load = run.settings.backgroundLoadCores, load > 0.25 {
      console.printError(
        "obsbench: warning: other processes kept \(String(format: "%.1f", load)) cores busy during the run; absolute timings are inflated (ratios within the run stay valid)")
    }
    for failure in failures {
      console.printError("obsbench: FAILED \(failure.displayName): \(failure.failure ?? "")")
    }
    for check in failedChecks {
      console.printError("obsbench: CHECK FAILED \(check.suite)/\(check.name): \(check.outcome?.detail ?? check.note ?? "")")
    }
    return failures.isEmpty && failedChecks.isEmpty ? ExitStatus.success : ExitStatus.failure
  }

  /// "2 passed, 1 failed, 1 skipped": a skipped check (its cases not selected,
  /// allocations not countable) is never counted as passed.
  static func checkCounts(_ checks: [CheckResult]) -> String {
    let passed = checks.filter { $0.outcome?.passed == true }.count
    let failed = checks.filter(\.failed).count
    let skipped = checks.count - passed - failed
    return "\(passed) passed, \(failed) failed, \(skipped) skipped"
  }
}
