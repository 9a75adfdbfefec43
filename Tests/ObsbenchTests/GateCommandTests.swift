import BenchmarkKit
import Benchmarks
import Foundation
import Testing

/// compare, check and coverage through the executable: the exit statuses CI relies on.
@Suite("compare, check and coverage gates")
struct GateCommandTests {
  @Test(arguments: ["0.5", "1", "5", "0.05", "five", "-5%"])
  func compare_thresholdWithoutPercent_exits64(threshold: String) throws {
    let outcome = try ObsbenchProcess.run(["compare", "a.json", "b.json", "--threshold", threshold])
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1)
    #expect(outcome.err.contains("malformed threshold"))
  }

  @Test func check_unitThatDoesNotFitTheMetric_exits64() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gates-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let rules = directory + "/rules.txt"
    try "lock-thread-keypath on reads/untracked allocs <= 5ns\n".write(toFile: rules, atomically: true, encoding: .utf8)
    let outcome = try ObsbenchProcess.run(["check", rules, directory + "/results.json"])
    #expect(outcome.status == 64)
    #expect(outcome.err.contains("unit 'ns' does not fit allocs"))
  }

  @Test func checkHelp_examplesNameCasesThatExist() throws {
    let help = try ObsbenchProcess.run(["check", "--help"]).out
    // The examples: the lines between "one rule a line:" and "Grammar:".
    let lines = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let start = try #require(lines.firstIndex { $0.hasSuffix("one rule a line:") })
    let end = try #require(lines.firstIndex { $0.hasPrefix("Grammar:") })
    let examples = Array(lines[(start + 1)..<end])
    #expect(examples.count >= 3)
    for example in examples {
      let parts = example.components(separatedBy: " on ")[1].split(separator: " ")[0].split(separator: "@")
      let target = String(parts[0])
      let size = parts.count == 2 ? Int(parts[1]) : nil
      let exists = Registry.suites.contains { suite in
        suite.scenarios.contains { scenario in
          let name = target.contains("/") ? "\(suite.name)/\(scenario.name)" : scenario.name
          return GlobPattern(target).matches(name) && (size.map { scenario.sizes.contains($0) || scenario.quickSizes.contains($0) } ?? true)
        }
      }
      #expect(exists, "check --help example names no case: \(example)")
    }
  }

  @Test func scriptsCI_rejectsAThresholdWithoutPercent() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [root.appendingPathComponent("scripts/ci").path]
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["OBSBENCH_THRESHOLD": "0.5", "OBSBENCH_SKIP_BUILD": "1"], uniquingKeysWith: { $1 })
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 64)
    #expect(message.contains("OBSBENCH_THRESHOLD"))
  }
}
