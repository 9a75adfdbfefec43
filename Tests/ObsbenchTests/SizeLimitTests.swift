import BenchmarkKit
import BenchmarkReports
import Benchmarks
import Foundation
import Testing

/// Sizes a scenario cannot take never reach it: exit 64 naming the scenario and
/// its range when it is the only one, a note and a skip among several.
@Suite("Size limits")
struct SizeLimitTests {
  /// Every sized scenario of the registry, as `suite/scenario` and its range.
  static let sized: [String] = Registry.suites.flatMap { suite in
    suite.scenarios.filter(\.isSized).map { "\(suite.name)/\($0.name)" }
  }

  private static func scenario(_ key: String) -> BenchmarkScenario {
    let parts = key.split(separator: "/").map(String.init)
    return Registry.suites.first { $0.name == parts[0] }!.scenarios.first { $0.name == parts[1] }!
  }

  @Test(arguments: sized)
  func run_withASizeTheScenarioCannotTake_exits64_namingItsRange(_ key: String) throws {
    let scenario = Self.scenario(key)
    let allowed = scenario.allowedSizes
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run([
      "run", "--scenario", key, "--sizes", "1,\(allowed.upperBound + 1)", "--out", directory + "/out",
    ])
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(
      outcome.err.contains("\(key) takes sizes \(scenario.sizesTaken); --sizes asked for \(allowed.upperBound + 1)"),
      "\(outcome.err)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/out/results.json"))
  }

  @Test func trackedProperties_takes1to62_itsFieldCount() {
    #expect(Self.scenario("reads/tracked-properties").allowedSizes == 1...62)
    #expect(throws: SizeOutOfRange.self) {
      try Self.scenario("reads/tracked-properties").prepare(strategy: "none", size: 63)
    }
  }

  @Test func nestedState_isNeverAskedForMoreDepthThanTheStackHolds() {
    // Depth 10 000 overflows the stack (recursive state); 1 000 was measured to run.
    let nested = Registry.suites.first { $0.name == "nesting" }!.scenarios + [Self.scenario("reads/store-member")]
    for scenario in nested {
      #expect(scenario.allowedSizes.upperBound <= 1_000, "\(scenario.name)")
    }
  }

  @Test func run_readsWithSizes1_10_100_skipsWhatTrackedPropertiesCannotTake_andMeasuresTheRest() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run([
      "run", "--suite", "reads", "--sizes", "1,10,100", "--strategy", "none", "--quick", "--samples", "2",
      "--time-budget", "5", "--format", "json", "--out", directory,
    ])
    #expect(outcome.status == 0, "\(outcome.err)")
    let notes = outcome.errorLines.filter { $0.hasPrefix("obsbench: note: sizes skipped") }
    #expect(notes.count == 1)
    #expect(notes.first?.contains("reads/tracked-properties takes 1...62, skips 100") == true, "\(notes)")
    #expect(
      notes.first?.contains("reads/render-body takes 1...10000, 1 or a multiple of 4, skips 10") == true, "\(notes)")
    #expect(!outcome.err.contains("Backtrac"))
    let run = try ResultsJSON.read(path: directory + "/results.json")
    let sizes = { (scenario: String) in run.cases.filter { $0.scenario == scenario }.map(\.size) }
    #expect(sizes("tracked-properties") == [1, 10])
    #expect(sizes("tracked-objects") == [1, 10, 100])
    #expect(sizes("render-body") == [1, 100])
    #expect(run.failures.isEmpty)
  }
}
