import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

@Suite("ResultsJSON")
struct ResultsJSONTests {
  @Test func encode_thenDecode_givesTheSameRun() throws {
    var run = Fixtures.sample
    run.checks = [
      CheckResult(
        suite: "selfcheck", name: "empty", summary: "zero",
        outcome: CheckOutcome(passed: true, measured: 0.1, expected: 0, detail: "ok"))
    ]
    let data = try ResultsJSON.encode(run)
    // The file holds the run as it is, published figures included.
    #expect(try ResultsJSON.decode(data, source: "test") == run)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"version\" : 1"))
    #expect(text.contains("\"allocator\" : \"jemalloc 5.3.0\""))
  }

  @Test(arguments: [
    ("", "not an obsbench results file (invalid JSON)"),
    ("{\"version\": 1", "not an obsbench results file (invalid JSON)"),
    ("[1, 2]", "not an obsbench results file"),
    ("{\"version\": 1}", "corrupt results file (missing '"),
    ("{\"version\": 99}", "results format version 99 is newer"),
  ])
  func decode_whenCorrupt_throwsOneLine(text: String, expected: String) {
    do {
      _ = try ResultsJSON.decode(Data(text.utf8), source: "base.json")
      Issue.record("decoded corrupt input")
    } catch {
      #expect(error.message.hasPrefix("base.json: "))
      #expect(error.message.contains(expected), "\(error.message)")
      #expect(!error.message.contains("\n"))
    }
  }

  @Test func read_whenFileIsMissing_saysSo() {
    #expect(throws: ReportError("/nonexistent/results.json: cannot read (no such file)")) {
      try ResultsJSON.read(path: "/nonexistent/results.json")
    }
  }
}
