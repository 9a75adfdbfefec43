import BenchmarkKit
import Testing

@testable import BenchmarkReports

/// Instruction counts in the reports, `compare` and `check`.
@Suite("Instruction counts in reports")
struct InstructionReportTests {
  static func counted(_ scenario: String, _ strategy: String, _ count: Double, note: String? = nil) -> CaseResult {
    var result = CaseResult(suite: "reads", scenario: scenario, strategy: strategy, size: 1)
    result.instructionsPerOperation = count
    result.instructionsNote = note
    return result
  }

  static let baseline = Fixtures.run([
    counted("untracked", "lock-thread-keypath", 3), counted("untracked", "apple", 135, note: "varies: 129 then 141"),
    counted("tracked", "lock-thread-keypath", 15), counted("tracked", "apple", 1000),
  ])

  @Test func compare_flagsAGrowthPastOnePercent_andNothingElse() {
    let current = Fixtures.run([
      Self.counted("untracked", "lock-thread-keypath", 3), Self.counted("untracked", "apple", 135.4),
      Self.counted("tracked", "lock-thread-keypath", 16), Self.counted("tracked", "apple", 980),
    ])
    let comparison = InstructionComparison(baseline: Self.baseline, current: current)
    #expect(comparison.rows.count == 4)
    #expect(comparison.regressions.map(\.key.scenario) == ["tracked"])
    #expect(comparison.regressions.first?.key.strategy == "lock-thread-keypath")
    #expect(comparison.rows.filter { $0.verdict == .improved }.map(\.key.strategy) == ["apple"])
    #expect(comparison.render().contains("regressed  reads/tracked[1] lock-thread-keypath: 15.00 -> 16.00"))
  }

  @Test func compare_whenAFewInstructionReadGrowsPastTheThreshold_flagsIt() {
    let before = Fixtures.run([Self.counted("untracked", "lock-thread-keypath", 4)])
    let after = Fixtures.run([Self.counted("untracked", "lock-thread-keypath", 4.45)])
    let comparison = InstructionComparison(baseline: before, current: after)
    #expect(comparison.regressions.map(\.key.scenario) == ["untracked"])
    #expect(InstructionComparison(baseline: after, current: before).rows.map(\.verdict) == [.improved])
  }

  @Test(arguments: [(4.0, 4.03, RunComparison.Verdict.unchanged), (4, 4.125, .regressed), (0, 0.125, .regressed)])
  func verdict_whenTheChangeIsWithinOrPastTheThreshold_judgesItRelatively(
    then: Double, now: Double, expected: RunComparison.Verdict
  ) {
    #expect(InstructionComparison.verdict(from: then, to: now, threshold: 0.01) == expected)
  }

  @Test func verdict_whenTheChangeIsUnderHalfTheResolution_callsItUnchanged() {
    let count = 4.0 - 1.0 / 3
    #expect(InstructionComparison.verdict(from: count, to: count + 1e-9, threshold: 0) == .unchanged)
    #expect(
      InstructionComparison.verdict(from: count, to: count + InstructionComparison.resolution, threshold: 0)
        == .regressed)
  }

  @Test func resolution_isTheFinestFractionACountCanHold() {
    let operations = 2 * InstructionRecorder.stepRange.upperBound * unrollFactor
    #expect(InstructionComparison.resolution == 1 / Double(operations))
  }

  @Test func compare_ignoresCasesWithoutCounts() {
    #expect(InstructionComparison(baseline: Fixtures.sample, current: Self.baseline).rows.isEmpty)
  }

  @Test func check_boundsInstructions_absoluteAndRelative() throws {
    let absolute = try CheckRule(parsing: "lock-thread-keypath on reads/untracked instructions <= 3")
    #expect(absolute.evaluate(in: Self.baseline).map(\.holds) == [true])
    let relative = try CheckRule(parsing: "lock-thread-keypath / apple on reads/tracked instructions <= 0.01")
    #expect(relative.evaluate(in: Self.baseline).map(\.holds) == [false])
  }

  @Test func csv_hasTheCountAndItsNote_emptyWhenNotCounted() throws {
    let table = try CSVTable.parse(ResultsCSV.render(Self.baseline))
    let header = table[0]
    #expect(
      header.joined(separator: ",").contains(",instructions_per_op,instructions_note,outlasts_sample,pass_modes,"))
    let field = { (row: [String], name: String) in header.firstIndex(of: name).map { row[$0] } }
    #expect(field(table[2], "instructions_per_op") == "135.000")
    #expect(field(table[2], "instructions_note") == "varies: 129 then 141")
    let sample = try CSVTable.parse(ResultsCSV.render(Fixtures.sample))
    #expect(field(sample[1], "instructions_per_op") == "")
    #expect(field(sample[1], "instructions_note") == "")
  }

  @Test func markdownAndHTML_showTheCountsTable_andNoTimeTableWithoutTimings() {
    let markdown = MarkdownSummary.render(Self.baseline)
    #expect(markdown.contains("## Instructions per operation"))
    #expect(markdown.contains("| untracked | 1 | 3.00 | ~135 |"))
    #expect(!markdown.contains("Median ns per operation"))
    let html = HTMLReport.render(Self.baseline)
    #expect(html.contains("<h2 id=\"instructions\">"))
    #expect(html.contains("<td>~135</td>"))
    #expect(!MarkdownSummary.render(Fixtures.sample).contains("Instructions per operation"))
  }
}
