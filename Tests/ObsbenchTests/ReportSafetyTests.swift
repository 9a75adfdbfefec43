import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// `report` never overwrites an input: its own default folder, no results.json,
/// and a folder holding an input refused unless `--force`.
@Suite("Report keeps its inputs")
struct ReportSafetyTests {
  private static func run(scale: Double, date: String) -> BenchmarkRun {
    let cases = ["lock-thread-keypath", "apple"].map { strategy in
      var result = CaseResult(suite: "reads", scenario: "untracked", strategy: strategy, size: 1)
      result.iterations = 100
      // The core's case moves by `scale`; apple, which no change here touches, stays.
      result.samples = (0..<15).map { (strategy == "apple" ? 40.0 : 10.0 * scale) * (1 + Double($0 % 5) / 1000) }
      result.statistics = Statistics(result.samples, resamples: 50)
      return result
    }
    let environment = RunEnvironment(
      toolchain: "Swift 6.3.1", buildConfiguration: "release", cpuModel: "CPU", cores: 2, kernel: "Linux",
      gitCommit: "abc", date: date, allocator: "jemalloc", host: "h")
    let settings = RunSettings(
      quick: true, samples: 15, minimumSamples: 5, targetSampleNs: 500_000, timeBudgetSeconds: 40,
      loopOverheadNs: 1, durationSeconds: 1)
    return BenchmarkRun(environment: environment, settings: settings, cases: cases)
  }

  /// Two run folders, A (before) and B (after, 20% slower), under a new folder.
  private static func twoRuns() throws -> (directory: String, a: String, b: String) {
    let directory = try ObsbenchProcess.temporaryDirectory()
    for (name, scale, date) in [("A", 1.0, "2026-01-01T00:00:00Z"), ("B", 1.2, "2026-02-02T00:00:00Z")] {
      try FileManager.default.createDirectory(atPath: "\(directory)/\(name)", withIntermediateDirectories: true)
      try ResultsJSON.encode(run(scale: scale, date: date)).write(
        to: URL(fileURLWithPath: "\(directory)/\(name)/results.json"))
    }
    return (directory, "\(directory)/A/results.json", "\(directory)/B/results.json")
  }

  private static func bytes(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
  }

  @Test func report_readmeExample_writesANewFolder_andLeavesBothInputsByteForByte() throws {
    let (directory, a, b) = try Self.twoRuns()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let before = (Self.bytes(a), Self.bytes(b))
    let outcome = try ObsbenchProcess.run(
      ["report", "A/results.json", "B/results.json", "--labels", "before,after"], in: directory)
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(Self.bytes(a) == before.0)
    #expect(Self.bytes(b) == before.1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/A") == ["results.json"])
    let written = try FileManager.default.contentsOfDirectory(atPath: directory + "/Reports/report").sorted()
    #expect(written == ["report.html", "results.csv", "summary.md"])
    // The comparison the overwrite used to hide still sees the change.
    let compare = try ObsbenchProcess.run(["compare", a, b])
    #expect(compare.status == 1)
    #expect(compare.out.contains("regressed 1"))
  }

  @Test func report_intoAFolderHoldingAnInput_isRefused_unlessForced() throws {
    let (directory, a, b) = try Self.twoRuns()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let before = Self.bytes(a)
    for out in [directory + "/A", directory + "/A/", directory + "/A/."] {
      let refused = try ObsbenchProcess.run(["report", a, b, "--out", out])
      #expect(refused.status == 64)
      #expect(refused.errorLines.count == 1, "\(refused.err)")
      #expect(refused.err.contains("holds the input"), "\(refused.err)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/A") == ["results.json"])
    let forced = try ObsbenchProcess.run(["report", a, b, "--out", directory + "/A", "--force"])
    #expect(forced.status == 0, "\(forced.err)")
    #expect(Self.bytes(a) == before)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/A").sorted()
    #expect(names == ["report.html", "results.csv", "results.json", "summary.md"])
  }

  @Test func report_neverWritesResultsJSON() throws {
    let (directory, a, _) = try Self.twoRuns()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run(["report", a, "--format", "csv,json", "--out", directory + "/out"])
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1)
    #expect(outcome.err.contains("report: writes no results.json"), "\(outcome.err)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
  }
}
