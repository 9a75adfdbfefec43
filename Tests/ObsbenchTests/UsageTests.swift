import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

@testable import obsbench

/// The help texts say what the code does: the ranges it checks, the bounds it
/// writes, examples that hold.
@Suite("Usage")
struct UsageTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func runHelp_givesTheRangesItsOptionsAccept() throws {
    #expect(Usage.run.contains("--passes N            Measure the whole selection N times over (1 to 20,"))
    #expect(throws: Never.self) { try RunOptions(parsing: ["--passes", "1"]) }
    #expect(throws: Never.self) { try RunOptions(parsing: ["--passes", "20"]) }
    #expect(throws: UsageError.self) { try RunOptions(parsing: ["--passes", "21"]) }
    #expect(Usage.run.contains("(1 to 100000; default 41,"))
    #expect(throws: Never.self) { try RunOptions(parsing: ["--samples", "100000"]) }
    #expect(throws: UsageError.self) { try RunOptions(parsing: ["--samples", "100001"]) }
  }

  @Test func checkHelp_describesTheBoundsSuggestWrites() {
    let help = Usage.check.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(help.contains("1.6x the largest upper end of the 95% interval"))
    #expect(help.contains("at most 1.9x the smallest ratio"))
    #expect(!help.contains("2x the upper end"))
  }

  @Test func checkHelp_examplesHoldOnTheProjectsReferenceRun() throws {
    let lines = Usage.check.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let start = try #require(lines.firstIndex { $0.hasSuffix("one rule a line:") })
    let end = try #require(lines.firstIndex { $0.hasPrefix("Grammar:") })
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data(lines[(start + 1)..<end].joined(separator: "\n").utf8).write(
      to: URL(fileURLWithPath: directory + "/rules.txt"))
    let reference = Self.repository.appendingPathComponent("Reports/reference/results.json.gz").path
    let unzip = Process()
    unzip.executableURL = URL(fileURLWithPath: "/bin/sh")
    unzip.arguments = ["-c", "gzip -dc '\(reference)' > '\(directory)/results.json'"]
    try unzip.run()
    unzip.waitUntilExit()
    try #require(unzip.terminationStatus == 0)
    let outcome = try ObsbenchProcess.run(["check", directory + "/rules.txt", directory + "/results.json"])
    #expect(outcome.status == 0, "\(outcome.out.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.prefix(5))")
  }
}
