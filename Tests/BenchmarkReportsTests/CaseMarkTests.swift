import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// `†` calibration missed, `‡` one operation outlasts a sample, `≈` passes in
/// separate modes: the same marks in `summary.md`, `report.html` and `results.csv`.
@Suite("Case marks")
struct CaseMarkTests {
  static let modes = "passes in two modes: 0.50–0.61 and 0.97–0.98 ns"

  /// One case of each mark beside a plain one and `apple`.
  static func run() -> BenchmarkRun {
    var missed = Fixtures.result("untracked", "lock-thread-keypath", samples: [3, 3.2, 3.1])
    missed.calibrationNote = "samples of 9.1 ms against a 2.0 ms target"
    var long = Fixtures.result("untracked", "lock-thread-whole", samples: [4, 4.2, 4.1])
    long.outlastsSample = true
    var modal = Fixtures.result("untracked", "lock-task-keypath", samples: [5, 5.2, 5.1])
    modal.passModes = modes
    let plain = Fixtures.result("untracked", "lock-task-whole", samples: [6, 6.2, 6.1])
    let apple = Fixtures.result("untracked", "apple", samples: [17, 17.5, 18])
    return Fixtures.run([missed, long, modal, plain, apple])
  }

  @Test func markdown_whenCasesCarryMarks_marksTheirCells_andExplainsEachMark() {
    let text = MarkdownSummary.render(Self.run())
    #expect(text.contains("| 3.10† ("))
    #expect(text.contains("| 4.10‡ ("))
    #expect(text.contains("| 5.10≈ ("))
    #expect(text.contains("| 6.10 ("))
    #expect(text.contains("`†`: samples missed their target length by more than 2×."))
    #expect(text.contains("`‡`: one operation outlasts a sample: one operation per sample, inherent."))
    #expect(text.contains("`≈`: its passes fell into separate modes; the interval covers both."))
  }

  @Test func html_whenCasesCarryMarks_marksTheirCells_withWhatTheCaseSays() {
    let html = HTMLReport.render(Self.run())
    #expect(html.contains("<span class=\"mark\" title=\"samples of 9.1 ms against a 2.0 ms target\">†</span>"))
    #expect(
      html.contains(
        "<span class=\"mark\" title=\"one operation outlasts a sample: one operation per sample, inherent\">‡</span>"))
    #expect(html.contains("<span class=\"mark\" title=\"\(Self.modes)\">≈</span>"))
    #expect(html.contains("‡: one operation outlasts a sample"))
    #expect(html.contains("≈: its passes fell into separate modes; the interval covers both."))
    #expect(html.components(separatedBy: "class=\"mark\"").count == 4)
  }

  @Test func csv_whenCasesCarryMarks_appendsOutlastsSampleAndPassModes() throws {
    let table = try CSVTable.parse(ResultsCSV.render(Self.run()))
    let header = table[0]
    #expect(
      header.firstIndex(of: "outlasts_sample").map { Array(header[$0...].prefix(2)) } == [
        "outlasts_sample", "pass_modes",
      ])
    let field = { (row: Int, name: String) in table[row][header.firstIndex(of: name)!] }
    #expect(field(1, "calibration_note") == "samples of 9.1 ms against a 2.0 ms target")
    #expect(field(2, "outlasts_sample") == "true")
    #expect(field(3, "pass_modes") == Self.modes)
    #expect(field(4, "outlasts_sample") == "")
    #expect(field(4, "pass_modes") == "")
  }

  @Test func csv_columns_keepTheirOrder_andOnlyGrowAtTheEnd() {
    let before = [
      "suite", "scenario", "strategy", "size", "iterations", "samples",
      "median_ns", "p90_ns", "min_ns", "mad_ns",
      "allocs_per_op", "bytes_per_op", "notifications_per_op",
      "p99_ns", "max_ns", "mean_ns", "ci_low_ns", "ci_high_ns", "growth_exponent", "failure",
      "median_bound", "resolution_ns", "ops_per_iteration",
      "ratio_to_apple", "ratio_bound", "ratio_ci_low", "ratio_ci_high", "calibration_note",
      "instructions_per_op", "instructions_note", "outlasts_sample", "pass_modes",
    ]
    #expect(Array(ResultsCSV.columns.prefix(before.count)) == before)
    // The comparisons the run publishes, then stall probes' latencies, then a
    // store strategy's time above the store floor, then the headline's group
    // on every row of a size, appended after them.
    #expect(
      Array(ResultsCSV.columns.dropFirst(before.count)) == [
        "overhead_ns", "overhead_bound", "overhead_ci_low", "overhead_ci_high",
        "overhead_share_of_apple", "overhead_share_bound", "overhead_share_ci_low", "overhead_share_ci_high",
        "cheapest", "tied_with_cheapest", "dominated_by",
        "latency_ops", "latency_p50_ns", "latency_p99_ns", "latency_p999_ns", "latency_max_ns", "latency_over_1ms",
        "over_store_floor_ns", "over_store_floor_bound", "over_store_floor_ci_low", "over_store_floor_ci_high",
        "over_store_floor_share_of_apple", "over_store_floor_share_bound", "over_store_floor_share_ci_low",
        "over_store_floor_share_ci_high",
        "tied_group_ratio_low", "tied_group_ratio_high", "strategies_faster_than_apple",
        "strategies_slower_than_apple", "strategies_against_apple", "form", "form_sides",
        "retains_per_op", "releases_per_op", "object_allocs_per_op", "object_deallocs_per_op",
        "held_items", "held_bytes_per_item", "held_bytes_left",
      ])
  }
}
