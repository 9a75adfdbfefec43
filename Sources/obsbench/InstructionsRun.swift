import BenchmarkKit
import Foundation

/// The instructions half of `obsbench run --metric instructions`: counts the
/// selected cases under callgrind and puts the counts into the run.
enum InstructionsRun {
  /// A run with no case yet, for a run that only counts instructions.
  static func empty(plan: BenchmarkPlan, quick: Bool) -> BenchmarkRun {
    var environment = RunEnvironment.ofThisBuild()
    // The counting child runs without the preloaded jemalloc.
    environment.allocator = "system malloc (counted under valgrind)"
    var run = BenchmarkRun(
      environment: environment,
      settings: RunSettings(
        quick: quick, samples: 0, minimumSamples: 0, targetSampleNs: 0, timeBudgetSeconds: nil,
        loopOverheadNs: 0, durationSeconds: 0),
      cases: [],
      scenarioSummaries: Dictionary(
        plan.groups.map { ("\($0.suite)/\($0.scenario.name)", $0.scenario.summary) },
        uniquingKeysWith: { first, _ in first })
    )
    run.scenarioForms = BenchmarkRun.scenarioForms(of: plan.suites)
    return run
  }

  /// Counts the cases of `plan`, each in a callgrind process of its own, and adds
  /// the counts to `run`: to its timed results when it has them, else as
  /// results of their own.
  ///
  /// Skipped scenarios get one line each on standard error.
  ///
  /// - Returns: Every measured case's profile, for `explain` to read later
  ///   without running the case again.
  static func count(
    _ plan: BenchmarkPlan, into run: inout BenchmarkRun, callgrind: Callgrind, console: Console
  ) throws -> KeptProfiles {
    let start = Date()
    let directory = try CallgrindChild.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    console.printError("obsbench: counting instructions under valgrind's callgrind (\(callgrind.valgrind))")
    let counts = try CallgrindChild.measure(
      CountedCase.cases(of: plan), callgrind: callgrind, directory: directory, console: console)
    let measurements = counts.measurements
    if run.cases.isEmpty {
      run.cases = measurements.results
      run.settings.durationSeconds = Date().timeIntervalSince(start)
    } else {
      measurements.apply(to: &run.cases)
    }
    run.settings.instructionsLoopPerOperation =
      measurements.loopPerOperation.isEmpty
      ? nil : Dictionary(uniqueKeysWithValues: measurements.loopPerOperation.map { (String($0.key), $0.value) })
    var reported = Set<String>()
    for item in measurements.cases {
      guard let reason = item.skipReason else { continue }
      let scenario = "\(item.key.suite)/\(item.key.scenario)"
      if reported.insert(scenario).inserted {
        console.printError("obsbench: instructions skipped \(scenario): \(reason)")
      }
    }
    let varying = measurements.cases.filter { $0.count?.note != nil }.count
    if varying > 0 {
      console.printError(
        "obsbench: \(varying) case(s) counted different instructions per operation over two equal stretches; see "
          + "instructions_note"
      )
    }
    return try counts.keptProfiles()
  }
}
