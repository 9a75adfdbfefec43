import BenchmarkKit
import BenchmarkReports
import Testing

@Suite("CheckRule")
struct CheckRuleTests {
  @Test func parse_relativeRule() throws {
    let rule = try CheckRule(parsing: "lock-thread-keypath / apple on reads/untracked <= 0.25")
    #expect(rule.strategy.description == "lock-thread-keypath")
    #expect(rule.reference == "apple")
    #expect(rule.scenario.description == "reads/untracked")
    #expect(rule.size == nil)
    #expect(rule.metric == .median)
    #expect(rule.comparison == .atMost)
    #expect(rule.bound == 0.25)
  }

  @Test func parse_absoluteRuleWithSizeMetricAndUnit() throws {
    let rule = try CheckRule(parsing: "none on tracked*@100 allocs<2x")
    #expect(rule.reference == nil)
    #expect(rule.size == 100)
    #expect(rule.metric == .allocs)
    #expect(rule.comparison == .below)
    #expect(rule.bound == 2)
    #expect(try CheckRule(parsing: "a on s >= 5ns").bound == 5)
  }

  @Test(arguments: ["lock <= 5", "on s <= 1", "a on s", "a on s <= ", "a on s == 5", "a on s@x <= 1", "a/ on s <= 1"])
  func parse_rejectsMalformed(line: String) {
    #expect(throws: ReportError.self) { try CheckRule(parsing: line) }
  }

  @Test func parseFile_skipsCommentsAndNamesTheBadLine() throws {
    let rules = try CheckRule.parseFile("# gate\n\na on s <= 1 # inline\n", source: "rules")
    #expect(rules.count == 1)
    #expect(throws: ReportError("rules:2: expected 'STRATEGY [/ STRATEGY] on SCENARIO OP NUMBER', got 'oops'")) {
      try CheckRule.parseFile("a on s <= 1\noops\n", source: "rules")
    }
  }

  @Test func evaluate_relativeRule_comparesMediansOfTheSameRun() throws {
    let run = Fixtures.sample
    let pass = try CheckRule(parsing: "lock-thread-keypath / apple on reads/untracked <= 0.25").evaluate(in: run)
    #expect(pass.map(\.passed) == [true])
    let fail = try CheckRule(parsing: "lock-thread-keypath / apple on untracked <= 0.1").evaluate(in: run)
    #expect(fail.map(\.passed) == [false])
    #expect(fail[0].line.hasPrefix("FAIL"))
  }

  @Test func evaluate_absoluteRule_holdsAtEverySize() throws {
    let verdicts = try CheckRule(parsing: "apple on tracked* <= 100").evaluate(in: Fixtures.sample)
    #expect(verdicts.map(\.passed) == [true, false])
  }

  @Test func evaluate_whenNothingMatches_fails() throws {
    let verdicts = try CheckRule(parsing: "nobody on untracked <= 1").evaluate(in: Fixtures.sample)
    #expect(verdicts.count == 1)
    #expect(!verdicts[0].passed)
  }
}
