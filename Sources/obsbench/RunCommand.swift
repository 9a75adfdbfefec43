import BenchmarkKit
import BenchmarkReports
import Foundation

/// `obsbench run`: a thin shell around ``RunPipeline``: options in, files and
/// an exit status out.
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
    let pipeline = try RunPipeline(
      options: options, registry: registry, environment: environment, console: console,
      separateProcesses: separateProcesses)
    // Held until the files are in place: a second run into the same folder
    // stops here with one line instead of racing this one.
    let folder = try OutputFolder(locking: options.outputDirectory)
    for note in pipeline.plan.notes {
      console.printError("obsbench: note: \(note)")
    }
    #if DEBUG
      console.printError(
        "obsbench: warning: this is a debug build; its timings mean little (build with 'swift build -c release')")
    #endif
    let outcome = try pipeline.run(arguments: arguments, into: folder)
    withExtendedLifetime(folder) {}
    for path in outcome.written {
      console.print(path)
    }
    let run = outcome.run
    report(run, console: console)
    let measured = run.failures.isEmpty && !run.checks.contains(where: \.failed)
    guard let comparison = outcome.comparison else { return measured ? ExitStatus.success : ExitStatus.failure }
    // An A/B run's verdict, in compare's form, on standard error beside the
    // run's other closing lines (standard output lists the files).
    console.printError(comparison.render())
    if let explanations = outcome.explanations, !explanations.entries.isEmpty {
      console.printError(explanations.text())
    }
    return measured && comparison.gateFailures.isEmpty ? ExitStatus.success : ExitStatus.failure
  }

  /// The run's closing lines on standard error: cases, samples, checks, time
  /// against the budget, load, failures.
  static func report(_ run: BenchmarkRun, console: Console) {
    let failures = run.failures
    // Cases only counted under callgrind have no samples to speak of.
    let counts = run.cases.filter { $0.failure == nil && !$0.samples.isEmpty }.map(\.samples.count).sorted()
    let samples =
      counts.isEmpty
      ? "" : ", \(counts[0])–\(counts[counts.count - 1]) samples per case (median \(counts[counts.count / 2]))"
    console.printError(
      "obsbench: \(run.cases.count - failures.count) of \(run.cases.count) cases measured in "
        + "\(Int(run.settings.durationSeconds.rounded())) s\(samples)"
        + (run.checks.isEmpty ? "" : "; checks: \(Self.checkCounts(run.checks))"))
    if let budget = run.settings.timeBudgetSeconds, run.settings.durationSeconds > budget * 1.1, !counts.isEmpty {
      console.printError(
        "obsbench: note: the run took \(Int(run.settings.durationSeconds.rounded())) s against its "
          + "\(Int(budget.rounded())) s budget: preparing, calibrating and the minimum of "
          + "\(run.settings.minimumSamples) samples per pass are not cut short"
      )
    }
    if let load = run.settings.backgroundLoadCores, load > 0.25 {
      console.printError(
        "obsbench: warning: other processes kept \(String(format: "%.1f", load)) cores busy during the run; absolute "
          + "timings are inflated (ratios within the run stay valid)"
      )
    }
    for warning in run.settings.noiseWarnings { console.printError("obsbench: warning: \(warning)") }
    for failure in failures {
      console.printError("obsbench: FAILED \(failure.displayName): \(failure.failure ?? "")")
    }
    for check in run.checks where check.failed {
      console.printError(
        "obsbench: CHECK FAILED \(check.suite)/\(check.name): \(check.outcome?.detail ?? check.note ?? "")")
    }
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
