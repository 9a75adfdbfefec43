import BenchmarkKit
import Foundation
import Testing

@testable import obsbench

/// Every run's passes go through one loop: `obsbench run`, its A/B mode and
/// the tests' in-process runs ask a launcher for the same passes, with the
/// same seeds and the same adoption of the first pass's iteration counts.
@Suite("Pass loop")
struct PassLoopTests {
  static let suite = BenchmarkSuite(
    name: "tiny", summary: "one empty operation",
    scenarios: [
      BenchmarkScenario(name: "empty", summary: "nothing", strategies: ["one", "two"]) { _, _ in
        PreparedCase(run: { _ in })
      }
    ])

  /// A launcher that measures nothing: it records what it was asked and
  /// answers each pass with one case of 7 iterations per strategy.
  final class RecordingLauncher: PassLauncher {
    var asked: [ScheduledPass] = []

    func measure(_ pass: ScheduledPass) throws -> BenchmarkRun {
      asked.append(pass)
      let settings = RunSettings(
        quick: false, samples: 0, minimumSamples: 0, targetSampleNs: 0, timeBudgetSeconds: nil, loopOverheadNs: 0,
        durationSeconds: 0)
      let cases = ["one", "two"].map { strategy in
        var result = CaseResult(suite: "tiny", scenario: "empty", strategy: strategy, size: 1)
        result.iterations = 7
        return result
      }
      return BenchmarkRun(environment: .current(), settings: settings, cases: cases)
    }
  }

  /// What a pass is, beside its share of the budget (an A/B run shares it
  /// among twice the passes).
  struct Asked: Equatable {
    var build: PassBuild
    var pass: Int
    var passes: Int
    var seed: UInt64
    var adopted: [CaseKey: Int]?

    init(_ scheduled: ScheduledPass) {
      build = scheduled.build
      pass = scheduled.pass
      passes = scheduled.passes
      seed = scheduled.configuration.seed
      adopted = scheduled.configuration.calibratedIterations
    }
  }

  private func pipeline(_ arguments: [String]) throws -> RunPipeline {
    try RunPipeline(
      options: RunOptions(parsing: arguments), registry: [Self.suite], environment: [:],
      console: Console(out: { _ in }, err: { _ in }, errorIsTerminal: false), separateProcesses: false)
  }

  @Test func runABRunAndTests_askTheLauncherForTheSamePasses() throws {
    let arguments = ["--suite", "tiny", "--passes", "3", "--seed", "42"]
    let plain = RecordingLauncher()
    let single = try pipeline(arguments)
    _ = try single.measure(launcher: plain)

    let paired = RecordingLauncher()
    _ = try pipeline(arguments + ["--baseline-binary", "/bin/true"]).measure(launcher: paired)

    let inProcess = RecordingLauncher()
    _ = BenchmarkRunner(configuration: single.options.configuration)
      .run(single.plan, environment: .current(), launcher: inProcess)

    let expected = plain.asked.map(Asked.init)
    #expect(expected.map(\.pass) == [1, 2, 3])
    #expect(Set(expected.map(\.seed)).count == 3, "each pass a seed of its own")
    #expect(expected[0].adopted == nil && expected[1].adopted?.values.allSatisfy { $0 == 7 } == true)
    #expect(inProcess.asked.map(Asked.init) == expected, "the tests' runs take the passes obsbench run takes")
    let current = paired.asked.filter { $0.build == .current }.map(Asked.init)
    let baseline = paired.asked.filter { $0.build == .baseline }.map(Asked.init)
    // The first process measured (the baseline's pass 1) calibrates; this
    // build's pass 1 adopts its counts, as every later pass does.
    #expect(current.map(\.pass) == [1, 2, 3] && current.map(\.seed) == expected.map(\.seed))
    #expect(baseline.map(\.seed) == expected.map(\.seed), "both builds of a pair take the cases in one order")
    #expect(paired.asked.map(\.build) == [.baseline, .current, .current, .baseline, .baseline, .current])
    #expect(paired.asked.map(\.laterPasses) == [5, 4, 3, 2, 1, 0])
  }

  @Test func budget_isSharedByThePassesStillToRun_ofEitherBuild() throws {
    let paired = RecordingLauncher()
    _ = try pipeline(["--suite", "tiny", "--passes", "2", "--time-budget", "60", "--baseline-binary", "/bin/true"])
      .measure(launcher: paired)
    let budgets = paired.asked.compactMap(\.configuration.timeBudgetSeconds)
    #expect(budgets.count == 4)
    // Nothing measured takes time here: a quarter, then a third, a half, all.
    #expect(abs(budgets[0] - 15) < 1 && abs(budgets[3] - 60) < 1)
  }
}
