import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

@Suite("ReportWriter and summaries")
struct ReportWriterTests {
  private func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "obsbench-writer-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func write_replacesEveryFormat_andLeavesNoTemporaryFiles() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let written = try ReportWriter.write(Fixtures.sample, formats: OutputFormat.allCases, to: directory)
    let names = [
      "results.csv", "results.json", "summary.md", "report.html", "github-action-benchmark.json", "bencher.json",
      "influx.lp",
    ]
    #expect(written.map { ($0 as NSString).lastPathComponent } == names)
    let contents = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(contents == names.sorted())
    #expect(try ResultsJSON.read(path: directory + "/results.json") == Fixtures.sample)
  }

  @Test func write_whenTargetCannotBeReplaced_keepsTheExistingReport() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data("old csv".utf8).write(to: URL(fileURLWithPath: directory + "/results.csv"))
    // A folder where summary.md should go makes its rename fail after the CSV was staged.
    try FileManager.default.createDirectory(atPath: directory + "/summary.md/x", withIntermediateDirectories: true)
    #expect(throws: ReportError.self) {
      try ReportWriter.write(Fixtures.sample, formats: [.md, .csv], to: directory)
    }
    #expect(try String(contentsOfFile: directory + "/results.csv", encoding: .utf8) == "old csv")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty)
  }

  @Test func validate_whenFolderOrAnAncestorIsAFile_throws() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/plain"
    try Data().write(to: URL(fileURLWithPath: file))
    #expect(throws: ReportError("output folder \(file) is a file")) { try OutputFolder.validate(file) }
    #expect(throws: ReportError("output folder \(file)/below/more cannot be created: \(file) is a file")) {
      try OutputFolder.validate(file + "/below/more")
    }
  }

  @Test func validate_whenParentsAreMissing_passesAndCreatesNothing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try OutputFolder.validate(directory + "/a/b/c")
    let held = try OutputFolder(locking: directory + "/a/b/c")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    try held.create()
    #expect(FileManager.default.fileExists(atPath: directory + "/a/b/c"))
  }

  @Test func write_withFewerFormats_removesTheOwnedFilesItDidNotWrite_andKeepsOthers() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try ReportWriter.write(Fixtures.sample, formats: OutputFormat.allCases, to: directory)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
    try ReportWriter.write(Fixtures.sample, formats: [.csv], to: directory)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["notes.txt", "results.csv"])
  }

  @Test func write_ownedAsReport_keepsResultsJSONAndItsProfiles() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try ReportWriter.write(
      Fixtures.sample, formats: [.json, .csv, .html], alongside: [(KeptProfiles.fileName, Data("{}".utf8))],
      to: directory)
    try ReportWriter.write(Fixtures.sample, formats: [.md], owning: .report, to: directory)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(names == [KeptProfiles.fileName, "results.json", "summary.md"].sorted())
  }

  @Test func plan_whenResultsJSONIsInTheSet_removesItFirstAndPutsItLast() {
    let steps = StagedSet.plan(putting: ["results.csv", "results.json", KeptProfiles.fileName], owning: .run)
    #expect(steps.first == .remove("results.json"))
    #expect(steps.last == .put("results.json"))
    #expect(steps.contains(.remove("summary.md")))
    #expect(!steps.contains(.remove("results.csv")))
    #expect(StagedSet.steps(of: StagedSet.text(of: steps)) == steps)
  }

  @Test func plan_ofAReport_neverRemovesResultsJSON() {
    let steps = StagedSet.plan(putting: ["summary.md"], owning: .report)
    #expect(!steps.contains(.remove("results.json")))
    #expect(!steps.contains(.remove(KeptProfiles.fileName)))
    #expect(steps.contains(.remove("report.html")))
  }

  @Test func parseList_rejectsUnknownFormats() throws {
    #expect(try OutputFormat.parseList("csv, md") == [.csv, .md])
    #expect(
      throws: ReportError(
        "unknown format 'pdf'; formats: csv, json, md, html, github-action-benchmark, bencher, influx")
    ) {
      try OutputFormat.parseList("csv,pdf")
    }
    #expect(try OutputFormat.parseList("CSV,Md") == [.csv, .md])
    #expect(throws: ReportError("unknown format 'json'; formats: csv, md")) {
      try OutputFormat.parseList("json", accepting: [.csv, .md])
    }
  }

  @Test func markdown_showsMediansWithRatioToApple() {
    let text = MarkdownSummary.render(Fixtures.sample)
    #expect(text.contains("| scenario | size | `lock-thread-keypath` | `apple` | `none` |"))
    #expect(text.contains("| untracked | 1 | 3.10 (0.18× ±"))
    #expect(text.contains("| 17.5 n=3 | 0.30 (0.017× ±"))
    #expect(text.contains("Allocator: jemalloc 5.3.0"))
  }

  @Test func html_isSelfContained_andEscapesText() {
    let text = HTMLReport.render(Fixtures.sample)
    #expect(text.hasPrefix("<!DOCTYPE html>"))
    #expect(!text.contains("http://") && !text.contains("https://"))
    #expect(text.contains("tracked, &quot;odd&quot; name"))
  }

  @Test func merging_letsLaterRunsReplaceCases() {
    let first = Fixtures.run([Fixtures.result("a", "x", samples: [1]), Fixtures.result("b", "x", samples: [2])])
    let second = Fixtures.run([Fixtures.result("b", "x", samples: [5]), Fixtures.result("c", "x", samples: [3])])
    let merged = BenchmarkRun.merging([first, second])
    #expect(merged.cases.map(\.scenario) == ["a", "b", "c"])
    #expect(merged.cases[1].statistics?.median == 5)
  }
}
