import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// The exports to trend stores, written by `run` and by `report`.
@Suite("Export commands")
struct ExportCommandTests {
  static let exports = "github-action-benchmark,bencher,influx"

  @Test func run_writesTheExportsAskedFor_andOnlyThose() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run(
      CommandTests.quickRun + ["--out", directory, "--format", "json," + Self.exports])
    #expect(outcome.status == 0, "\(outcome.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(names == ["bencher.json", "github-action-benchmark.json", "influx.lp", "results.json"])
    let run = try ResultsJSON.read(path: directory + "/results.json")
    let lines = try String(contentsOfFile: directory + "/influx.lp", encoding: .utf8).split(separator: "\n")
    #expect(lines.count == run.cases.filter { $0.failure == nil }.count)
    #expect(lines.allSatisfy { $0.hasPrefix("obsbench,commit=") && $0.contains(",suite=selfcheck") })
    let action = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: directory + "/github-action-benchmark.json")))
    #expect(action is [[String: Any]])
    let bencher = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: directory + "/bencher.json")))
    #expect(bencher is [String: [String: [String: Any]]])
  }

  @Test func report_writesTheExportsOfAResultsFile() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try ReportInputTests.write(ReportInputTests.run(["untracked"]), to: directory + "/results.json")
    let outcome = try ObsbenchProcess.run([
      "report", directory + "/results.json", "--out", directory + "/out", "--format", Self.exports,
    ])
    #expect(outcome.status == 0, "\(outcome.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/out").sorted()
    #expect(names == ["bencher.json", "github-action-benchmark.json", "influx.lp"])
    let influx = try String(contentsOfFile: directory + "/out/influx.lp", encoding: .utf8)
    #expect(influx.contains("scenario=untracked"))
  }

  @Test(.enabled(if: InstructionsModeTests.valgrindInstalled, "needs valgrind"))
  func run_countingInstructionsOnly_exportsTheCounts_andSoDoesItsReport() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run([
      "run", "--metric", "instructions", "--scenario", "known-counts/nops-64", "--strategy", "harness",
      "--out", directory + "/run", "--format", "json," + Self.exports,
    ])
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.err.contains("obsbench: 1 of 1 cases measured in "), "\(outcome.err)")
    #expect(!outcome.err.contains("samples per case"), "\(outcome.err)")
    let report = try ObsbenchProcess.run([
      "report", directory + "/run/results.json", "--out", directory + "/report", "--format", Self.exports,
    ])
    #expect(report.status == 0, "\(report.err)")
    for folder in ["run", "report"] {
      let path = "\(directory)/\(folder)/"
      let action = try #require(
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: URL(fileURLWithPath: path + "github-action-benchmark.json")))
          as? [[String: Any]])
      #expect(action.map { $0["name"] as? String } == ["known-counts/nops-64[1] harness instructions"], "\(folder)")
      #expect(action.first?["unit"] as? String == "instructions/op")
      let bencher = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path + "bencher.json")))
          as? [String: [String: [String: Double]]])
      #expect(bencher["known-counts/nops-64[1] harness"]?["instructions"]?["value"] != nil, "\(folder): \(bencher)")
      let influx = try String(contentsOfFile: path + "influx.lp", encoding: .utf8).split(separator: "\n")
      #expect(influx.count == 1 && influx[0].contains(" instructions_per_op="), "\(folder): \(influx)")
    }
  }
}
