import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// `obsbench effects` through the executable: the tables it prints from a run's
/// stored effects, and one line with exit 64 on every bad input.
@Suite("effects command")
struct EffectsCommandTests {
  /// The eight core strategies of one scenario, each at 100 ns times `factor`,
  /// in 4 passes of 8 rounds that share the machine's drift.
  static func cases(_ scenario: String, factor: (String) -> Double) -> [CaseResult] {
    var machine = SplitMix64(seed: 1)
    let states = (0..<4).map { pass in (0..<8).map { _ in (pass % 2 == 0 ? 1.0 : 1.1) * (1 + 0.2 * uniform(&machine)) }
    }
    return StrategyChoice.matrix.map { strategy in
      var noise = SplitMix64(seed: SplitMix64.seed(for: scenario + strategy))
      var result = CaseResult(suite: "reads", scenario: scenario, strategy: strategy, size: 1)
      let passes = states.map { $0.map { 100 * factor(strategy) * $0 * (1 + 0.03 * (2 * uniform(&noise) - 1)) } }
      result.iterations = 1000
      result.samples = passes.flatMap { $0 }
      result.elapsedNs = result.samples.map { UInt64($0 * 1000) }
      result.passSampleCounts = passes.map(\.count)
      result.sampleRounds = passes.flatMap { Array($0.indices) }
      result.loopOverheadNs = 0.1
      result.loopUncertaintyNs = 0.01
      result.summarise(resamples: 200, seed: 7)
      return result
    }
  }

  /// A run with a 2× registrar effect in `planted` and one odd strategy in `odd`,
  /// as a file written before runs stored effects.
  static func run() -> BenchmarkRun {
    var run = ReportInputTests.run([])
    run.cases =
      cases("planted") { $0.hasPrefix("actor-") ? 2 : 1 } + cases("odd") { $0 == "actor-thread-keypath" ? 3 : 1 }
    return run
  }

  private static func uniform(_ generator: inout SplitMix64) -> Double {
    Double(generator.next() >> 11) / Double(1 << 53)
  }

  @Test func effects_ofAFileWithoutEffects_derivesThem_andPrintsEachSuiteAndChoice() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/results.json"
    try ReportInputTests.write(Self.run(), to: path)
    let outcome = try ObsbenchProcess.run(["effects", path])
    #expect(outcome.status == 0, "\(outcome.err)")
    let registrar = try #require(outcome.out.split(separator: "\n").first { $0.contains("registrar lock → actor") })
    #expect(registrar.hasPrefix("reads"))
    #expect(outcome.out.contains("scope thread → task"))
    #expect(outcome.out.contains("invalidation keypath → whole"))
    #expect(!outcome.out.contains("identity base"))
  }

  @Test func effects_withCases_printsIntervalsPairsAndInteractions() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/results.json"
    try ReportInputTests.write(Publication.publish(Self.run()), to: path)
    let outcome = try ObsbenchProcess.run(["effects", path, "--cases", "--choice", "registrar"])
    #expect(outcome.status == 0, "\(outcome.err)")
    let lines = outcome.out.split(separator: "\n").map(String.init)
    let planted = try #require(lines.first { $0.hasPrefix("  planted@1") })
    #expect(planted.contains("4 of 4 pairs"))
    #expect(planted.contains(" (") && planted.contains("×–"))
    #expect(lines.contains { $0.contains("INTERACTION *-thread-keypath") })
    #expect(!outcome.out.contains("scope thread → task"))
  }

  @Test func effects_ofARunThatStoredThem_printsThoseAndDerivesNone() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/results.json"
    var run = Publication.publish(Self.run())
    let stored = try #require(run.effects)
    run.effects?.suites = stored.suites.map { suite in
      var suite = suite
      suite.ratio = 7.777
      return suite
    }
    try ReportInputTests.write(run, to: path)
    let outcome = try ObsbenchProcess.run(["effects", path, "--choice", "scope"])
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out.contains("7.78×"))
  }

  @Test func effects_everyBadInput_exits64_withOneLine() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let good = directory + "/good.json"
    let corrupt = directory + "/corrupt.json"
    let unpaired = directory + "/unpaired.json"
    try ReportInputTests.write(Self.run(), to: good)
    try Data("{ \"version\": 1, \"cases\": [".utf8).write(to: URL(fileURLWithPath: corrupt))
    try ReportInputTests.write(ReportInputTests.run(["untracked"]), to: unpaired)
    let cases: [([String], String)] = [
      (["effects"], "effects: expected one RUN.json, got 0 files"),
      (["effects", good, good], "expected one RUN.json, got 2 files"),
      (["effects", directory + "/missing.json"], "missing.json: cannot read (no such file)"),
      (["effects", corrupt], "corrupt.json: not an obsbench results file"),
      (
        ["effects", good, "--choice", "speed"],
        "unknown choice 'speed'; choices: registrar, scope, invalidation, identity, checked"
      ),
      (["effects", good, "--suite", "nope"], "has no effects in suite 'nope'; suites with effects: reads"),
      (["effects", unpaired], "has no matched pair of strategies"),
      (["effects", good, "--bogus"], "unknown option '--bogus'"),
    ]
    for (arguments, expected) in cases {
      let outcome = try ObsbenchProcess.run(arguments)
      #expect(outcome.status == 64, "\(arguments): \(outcome.err)")
      #expect(outcome.errorLines.count == 1, "\(arguments): \(outcome.err)")
      #expect(outcome.err.hasPrefix("obsbench: "))
      #expect(outcome.err.contains(expected), "\(arguments): \(outcome.err)")
    }
  }

  @Test func run_storesEffectsInItsResults() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run(CommandTests.quickRun + ["--out", directory, "--format", "json"])
    #expect(outcome.status == 0, "\(outcome.err)")
    // The self-check's one strategy pairs with nothing: the effects are there, and empty.
    let run = try ResultsJSON.read(path: directory + "/results.json")
    #expect(run.effects == RunEffects(cases: [], suites: []))
  }

  @Test func effects_help_exitsZero() throws {
    let outcome = try ObsbenchProcess.run(["effects", "--help"])
    #expect(outcome.status == 0)
    #expect(outcome.out.contains("USAGE: obsbench effects RUN.json"))
    #expect(try ObsbenchProcess.run(["--help"]).out.contains("effects   What each strategy choice costs"))
  }
}
