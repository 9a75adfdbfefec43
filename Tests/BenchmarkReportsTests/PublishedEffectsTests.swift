import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// Every writer prints the effects the run stored (``BenchmarkRun/effects``) and
/// never derives its own: the run here measured a registrar effect of 2×, and
/// carries sentinel effects no pairing of its samples gives.
@Suite("Effects are derived once")
struct PublishedEffectsTests {
  static let sentinel = RunEffects(
    cases: [
      CaseEffect(
        suite: "reads", scenario: "planted", size: 1, choice: "registrar", candidatePairs: 4,
        pairs: [
          PairEffect(
            baseline: "lock-thread-keypath", alternative: "actor-thread-keypath", ratio: 7.777, interval: 7.5...8.125)
        ],
        ratio: 7.777, interval: 7.25...8.5, interactions: [], notifications: nil)
    ],
    suites: [sentinelSuite])

  /// A suite summary no summarising of the sentinel's case gives (its median
  /// and standing set, as a current file's are).
  static var sentinelSuite: SuiteEffect {
    var suite = SuiteEffect(
      suite: "reads", choice: "registrar", cases: 1, ratio: 7.777,
      lowest: EffectExtreme(scenario: "planted", size: 1, ratio: 6.1, interval: nil),
      highest: EffectExtreme(scenario: "planted", size: 1, ratio: 9.4, interval: nil), interactingCases: 13,
      overNotification: nil)
    suite.median = 7.5
    suite.standing = EffectStanding(below: 0, holding: 0, above: 1)
    return suite
  }

  /// A run whose cases give a registrar effect of 2×, carrying the sentinel.
  static func run() -> BenchmarkRun {
    var run = FactorialRun.run(FactorialRun.cases(scenario: "planted") { $0.hasPrefix("actor-") ? 2 : 1 })
    run.effects = sentinel
    return run
  }

  static func written(_ format: OutputFormat) throws -> String {
    let directory = NSTemporaryDirectory() + "obsbench-effects-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try ReportWriter.write(run(), formats: [format], to: directory)
    return try String(contentsOfFile: directory + "/" + format.fileName, encoding: .utf8)
  }

  @Test func markdown_whenTheRunCarriesEffects_printsThem() throws {
    let text = try Self.written(.md)
    #expect(text.contains("## What each choice costs"))
    #expect(
      text.contains(
        "| reads | registrar lock → actor | 7.78× | 7.50× (0 below, 0 at, 1 above 1) | 6.10× at planted@1 | "
          + "9.40× at planted@1 | 1 | 13 | none |"))
    #expect(!text.contains("| 2.00× |"))
  }

  @Test func html_whenTheRunCarriesEffects_printsAndPlotsThem() throws {
    let text = try Self.written(.html)
    #expect(text.contains("What each choice costs"))
    #expect(text.contains("<td>7.78×</td>"))
    #expect(text.contains("7.78× (7.25×–8.50×), 1 of 4 pairs"))
    #expect(text.contains("<td class=\"interacting\">13</td>"))
    #expect(!text.contains("2.00× ("))
  }

  @Test func json_whenTheRunCarriesEffects_writesThemAsTheyAre() throws {
    let run = try ResultsJSON.decode(Data(try Self.written(.json).utf8), source: "test")
    #expect(run.effects == Self.sentinel)
  }

  @Test func publish_derivesTheEffects_writersThenPrintThose() throws {
    var run = Self.run()
    run.effects = nil
    let published = Publication.publish(run)
    let ratio = try #require(published.effects?.suites.first { $0.choice == "registrar" }?.ratio)
    #expect(abs(ratio - 2) < 0.1)
    #expect(
      MarkdownSummary.render(published).contains("| reads | registrar lock → actor | \(EffectText.ratio(ratio)) |"))
  }

  @Test func decode_ofAFileWrittenBeforeEffects_hasNone_andReadingPublishedDerivesThem() throws {
    var run = Self.run()
    run.effects = nil
    let data = try ResultsJSON.encode(run)
    #expect(!String(decoding: data, as: UTF8.self).contains("\"effects\""))
    #expect(try ResultsJSON.decode(data, source: "old").effects == nil)
    let path = NSTemporaryDirectory() + "obsbench-effects-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try data.write(to: URL(fileURLWithPath: path))
    let read = try ResultsJSON.readPublished(path: path)
    #expect(read.effects == EffectAnalysis.effects(of: run))
    // A file that stored effects is read as written.
    try ResultsJSON.encode(Self.run()).write(to: URL(fileURLWithPath: path))
    #expect(try ResultsJSON.readPublished(path: path).effects == Self.sentinel)
  }

  @Test func merging_runsOfSeparateSuites_keepsEachRunsEffects() throws {
    var other = FactorialRun.run(FactorialRun.cases(scenario: "other", suite: "mutations") { _ in 1 })
    let suites = other.effects?.suites ?? []
    other.effects?.suites = suites.map { suite in
      var suite = suite
      suite.interactingCases = 99
      return suite
    }
    let merged = BenchmarkRun.merging([Self.run(), other])
    let effects = try #require(merged.effects)
    #expect(effects.suites.first { $0.suite == "reads" } == Self.sentinel.suites[0])
    #expect(effects.suites.filter { $0.suite == "mutations" }.allSatisfy { $0.interactingCases == 99 })
    #expect(effects.cases.count == Self.sentinel.cases.count + (other.effects?.cases.count ?? 0))
  }

  @Test func merging_runsOfOneSuite_summarisesItAgainFromTheCasesTheyStored() throws {
    let first = FactorialRun.run(FactorialRun.cases(scenario: "half", seed: 4) { $0.hasPrefix("actor-") ? 0.5 : 1 })
    let second = FactorialRun.run(FactorialRun.cases(scenario: "eight", seed: 5) { $0.hasPrefix("actor-") ? 8 : 1 })
    let merged = try #require(BenchmarkRun.merging([first, second]).effects)
    let registrar = try #require(merged.suites.first { $0.choice == "registrar" })
    #expect(merged.suites.filter { $0.choice == "registrar" }.count == 1)
    #expect(registrar.cases == 2)
    #expect(registrar.lowest?.scenario == "half")
    #expect(registrar.highest?.scenario == "eight")
    #expect(merged.suites == EffectAnalysis.summaries(of: merged.cases))
  }
}
