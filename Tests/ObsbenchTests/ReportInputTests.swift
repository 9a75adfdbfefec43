import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// Exit statuses of compare, report and check on every kind of bad input, on
/// runs built in the test rather than measured.
@Suite("Report, compare and check input")
struct ReportInputTests {
  static func run(_ scenarios: [String], scale: Double = 1) -> BenchmarkRun {
    let cases = scenarios.flatMap { scenario in
      ["lock-thread-keypath", "apple"].map { strategy in
        var result = CaseResult(suite: "reads", scenario: scenario, strategy: strategy, size: 1)
        result.iterations = 100
        // The core's cases move by `scale`; apple, which no change here touches, stays
        // (had it moved too, the machine would have, and compare says so).
        result.samples = (0..<15).map { (strategy == "apple" ? 40.0 : 10.0 * scale) * (1 + Double($0 % 5) / 1000) }
        result.statistics = Statistics(result.samples, resamples: 50)
        return result
      }
    }
    let environment = RunEnvironment(
      toolchain: "Swift 6.3.1", buildConfiguration: "release", cpuModel: "CPU", cores: 2, kernel: "Linux",
      gitCommit: "abc", date: "2026-01-01T00:00:00Z", allocator: "jemalloc", host: "h")
    let settings = RunSettings(
      quick: true, samples: 15, minimumSamples: 5, targetSampleNs: 500_000, timeBudgetSeconds: 40,
      loopOverheadNs: 1, durationSeconds: 1)
    return BenchmarkRun(environment: environment, settings: settings, cases: cases)
  }

  static func write(_ run: BenchmarkRun, to path: String) throws {
    try ResultsJSON.encode(run).write(to: URL(fileURLWithPath: path))
  }

  private static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  private func expectBadInput(_ arguments: [String], _ expected: String) throws {
    let outcome = try ObsbenchProcess.run(arguments)
    #expect(outcome.status == 64, "\(arguments): \(outcome.err)")
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(outcome.err.hasPrefix("obsbench: "))
    #expect(outcome.err.contains(expected), "\(outcome.err)")
  }

  @Test func compare_everyBadInput_exits64_withOneLine() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let good = directory + "/good.json"
    let other = directory + "/other.json"
    let corrupt = directory + "/corrupt.json"
    try Self.write(Self.run(["untracked"]), to: good)
    try Self.write(Self.run(["tracked"]), to: other)
    try Self.write("{ \"version\": 1, \"cases\": [", to: corrupt)
    try expectBadInput(["compare", good, directory + "/missing.json"], "missing.json: cannot read (no such file)")
    try expectBadInput(["compare", good, corrupt], "corrupt.json: not an obsbench results file")
    try expectBadInput(["compare", corrupt, good], "corrupt.json: not an obsbench results file")
    try expectBadInput(["compare", good, directory], "cannot read (is a directory)")
    try expectBadInput(["compare", good, other], "have no measured case in common")
    try expectBadInput(["compare", good, good, "--threshold", "lots"], "malformed threshold 'lots'")
    try expectBadInput(["compare", good, good, "--format", "pdf"], "compare: unknown format 'pdf'")
    try expectBadInput(["compare", good, good, good], "expected BASELINE.json and CURRENT.json, got 3 files")
  }

  @Test func compare_exitStatusFollowsTheVerdicts() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let base = directory + "/base.json"
    let slower = directory + "/slower.json"
    let faster = directory + "/faster.json"
    try Self.write(Self.run(["untracked", "tracked"]), to: base)
    try Self.write(Self.run(["untracked", "tracked"], scale: 1.2), to: slower)
    try Self.write(Self.run(["untracked", "tracked"], scale: 0.8), to: faster)
    let same = try ObsbenchProcess.run(["compare", base, base])
    #expect(same.status == 0)
    #expect(same.out.contains("unchanged 4"))
    let regressed = try ObsbenchProcess.run(["compare", base, slower])
    #expect(regressed.status == 1)
    #expect(regressed.out.contains("regressed 2"))
    #expect(regressed.out.contains("geometric mean of 4 raw ratios 1.10× (+9.5%)"))
    // A looser threshold than the change lets it pass.
    #expect(try ObsbenchProcess.run(["compare", base, slower, "--threshold", "25%"]).status == 0)
    let improved = try ObsbenchProcess.run(["compare", base, faster])
    #expect(improved.status == 0)
    #expect(improved.out.contains("improved 2"))
  }

  @Test func report_everyBadInput_exits64_andWritesNothing() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let good = directory + "/good.json"
    let corrupt = directory + "/corrupt.json"
    try Self.write(Self.run(["untracked"]), to: good)
    try Self.write("not json", to: corrupt)
    let out = directory + "/out"
    try expectBadInput(["report", good, corrupt, "--out", out], "corrupt.json: not an obsbench results file")
    try expectBadInput(["report", good, "--labels", "a,b", "--out", out], "--labels has 2 labels for 1 runs")
    try expectBadInput(["report", good, "--format", "pdf", "--out", out], "unknown format 'pdf'")
    // Only what report writes is offered: not json, which it refuses.
    try expectBadInput(
      ["report", good, "--format", "xml", "--out", out],
      "report: unknown format 'xml'; formats: csv, md, html, github-action-benchmark, bencher, influx")
    try expectBadInput(["report", good, "--out", good], "output folder \(good) is a file")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func report_ofTwoRunsOfTheSameCases_showsThemSideBySide() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory + "/before", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: directory + "/after", withIntermediateDirectories: true)
    try Self.write(Self.run(["untracked"]), to: directory + "/before/results.json")
    try Self.write(Self.run(["untracked"], scale: 1.2), to: directory + "/after/results.json")
    let outcome = try ObsbenchProcess.run([
      "report", directory + "/before/results.json", directory + "/after/results.json", "--out", directory + "/both",
    ])
    #expect(outcome.status == 0, "\(outcome.err)")
    let html = try String(contentsOfFile: directory + "/both/report.html", encoding: .utf8)
    #expect(html.contains("2 runs side by side: before, after"))
    let summary = try String(contentsOfFile: directory + "/both/summary.md", encoding: .utf8)
    #expect(summary.contains("## Changes from before to after"))
    #expect(summary.contains("**regressed**"))
  }

  @Test func check_everyBadInput_exits64_withOneLine() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let good = directory + "/good.json"
    let rules = directory + "/rules.txt"
    let badRules = directory + "/bad-rules.txt"
    let empty = directory + "/empty-rules.txt"
    try Self.write(Self.run(["untracked"]), to: good)
    try Self.write("lock-thread-keypath / apple on untracked <= 0.5\n", to: rules)
    try Self.write("# fine\nlock-thread-keypath / apple on untracked == 0.5\n", to: badRules)
    try Self.write("# nothing but comments\n", to: empty)
    try expectBadInput(["check", rules, directory + "/missing.json"], "missing.json: cannot read (no such file)")
    try expectBadInput(["check", badRules, good], "bad-rules.txt:2: expected an operator")
    try expectBadInput(["check", empty, good], "empty-rules.txt: no rules")
    try expectBadInput(["check", directory + "/none.txt", good], "cannot read rules file")
    try expectBadInput(["check", rules, good, "--results", good], "not both")
    try expectBadInput(["check", rules, good, "--format", "html"], "check: unknown format 'html'")
    try expectBadInput(["check"], "expected a RULES file")
  }

  @Test func format_inCapitals_isAcceptedByEveryCommandThatTakesOne() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let good = directory + "/good.json"
    let rules = directory + "/rules.txt"
    try Self.write(Self.run(["untracked"]), to: good)
    try Self.write("lock-thread-keypath / apple on untracked <= 0.5\n", to: rules)
    let check = try ObsbenchProcess.run(["check", rules, good, "--format", "MD"])
    #expect(check.status == 0, "\(check.err)")
    #expect(check.out.hasPrefix("## Gates of"), "\(check.out)")
    let compare = try ObsbenchProcess.run(["compare", good, good, "--format", "MD"])
    #expect(compare.status == 0, "\(compare.err)")
    let report = try ObsbenchProcess.run(["report", good, "--format", "MD", "--out", directory + "/out"])
    #expect(report.status == 0, "\(report.err)")
    #expect(FileManager.default.fileExists(atPath: directory + "/out/summary.md"))
  }

  @Test func check_printsEachFailedRuleWithItsMeasuredRatio_andExits1() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let good = directory + "/good.json"
    let rules = directory + "/rules.txt"
    try Self.write(Self.run(["untracked", "tracked"]), to: good)
    try Self.write("lock-thread-keypath / apple on reads/* <= 0.5\n", to: rules)
    let pass = try ObsbenchProcess.run(["check", rules, good])
    #expect(pass.status == 0, "\(pass.out)\(pass.err)")
    #expect(pass.out.split(separator: "\n").count == 2)
    try Self.write("lock-thread-keypath / apple on untracked <= 0.2\nlock-* / apple on tracked <= 0.5\n", to: rules)
    let fail = try ObsbenchProcess.run(["check", rules, good])
    #expect(fail.status == 1)
    #expect(
      fail.out.hasPrefix(
        "FAIL lock-thread-keypath / apple on untracked <= 0.2 at reads/untracked[1]: paired ratio 0.250 > 0.200"))
    #expect(fail.err.contains("1 of 2 checks of 2 rules broke"))
  }
}
