import BenchmarkKit
import BenchmarkReports
import Foundation

/// The passes of an A/B run (`obsbench run --baseline-binary BASE`): the same
/// selection measured by two builds in one job, pass by pass.
///
/// Two runs made at different times on a shared machine differ by more than any
/// correction can remove (a whole suite ×0.74–×1.36 between back-to-back runs
/// here), so a pull request's verdict compares builds measured side by side:
/// pass p of the baseline and pass p of this build run one right after the
/// other, in A B B A order (the order alternating from pair to pair, so neither
/// build always goes first into a warming or cooling machine), each in a process
/// of its own on fresh fixtures, with the same shuffled order (the same seed) and
/// the same iteration counts (the first process calibrates, every other adopts
/// its counts). ``RunComparison/init(pairedBaseline:current:options:)`` pairs them.
enum PairedPasses {
  /// Each build's passes, in pass order.
  struct Measured {
    var baseline: [BenchmarkRun]
    var current: [BenchmarkRun]
  }

  /// Which build measures first in pair `pair` (1-based): the baseline in odd
  /// pairs, this build in even ones (A B, B A, A B, …).
  static func baselineFirst(inPair pair: Int) -> Bool { pair % 2 == 1 }

  /// Measures `configuration.passes` passes of `selection` with each of the two
  /// executables, interleaved.
  ///
  /// - Throws: ``UsageError`` when a pass could not start or ended without
  ///   results (a baseline binary without `pass-child`, or one that cannot read
  ///   this build's request, says so here).
  static func measure(
    _ selection: BenchmarkSelection, configuration: RunConfiguration, baseline: String, console: Console
  ) throws -> Measured {
    let scratch = try PassChild.Scratch()
    defer { scratch.remove() }
    let pairs = configuration.passes
    // The budget is shared by all 2 × pairs processes.
    var budgeted = configuration
    budgeted.passes = 2 * pairs
    var measured = Measured(baseline: [], current: [])
    var calibration: [CaseKey: Int]?
    let start = MonotonicClock.now()
    var process = 0
    for pair in 1...pairs {
      let order = baselineFirst(inPair: pair) ? [true, false] : [false, true]
      for isBaseline in order {
        process += 1
        let elapsed = Double(MonotonicClock.now() &- start) / 1e9
        var passConfiguration = budgeted.forPass(process, calibratedIterations: calibration, elapsedSeconds: elapsed)
        // Both builds of a pair take the cases in the same order.
        passConfiguration.seed = configuration.seed &+ UInt64(pair)
        passConfiguration.passes = pairs
        let side = isBaseline ? "baseline" : "current"
        let request = PassRequest(
          selection: selection, configuration: passConfiguration, pass: pair, passes: pairs,
          secondsPerPass: nil)
        console.printError("obsbench: A/B pass \(pair) of \(pairs), \(side) build")
        let run = try PassChild.measure(
          request, executable: isBaseline ? baseline : PassChild.currentExecutable, in: scratch,
          name: "\(side)-\(pair)", label: "the \(side) build's pass \(pair) of \(pairs)")
        if isBaseline { measured.baseline.append(run) } else { measured.current.append(run) }
        if calibration == nil { calibration = BenchmarkRunner.calibration(of: run) }
      }
    }
    return measured
  }
}
