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
    let rule = try CheckRule(parsing: "none on tracked*@100 allocs<2")
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
    let run = Fixtures.run([
      Fixtures.result("untracked", "lock-thread-keypath", samples: [30, 32, 31]),
      Fixtures.result("untracked", "apple", samples: [170, 175, 180]),
    ])
    let pass = try CheckRule(parsing: "lock-thread-keypath / apple on reads/untracked <= 0.25").evaluate(in: run)
    #expect(pass.map(\.holds) == [true])
    let fail = try CheckRule(parsing: "lock-thread-keypath / apple on untracked <= 0.1").evaluate(in: run)
    #expect(fail.map(\.holds) == [false])
    #expect(fail[0].line.hasPrefix("FAIL"))
  }

  @Test func evaluate_absoluteRule_holdsAtEverySize() throws {
    let verdicts = try CheckRule(parsing: "apple on tracked* <= 100").evaluate(in: Fixtures.sample)
    #expect(verdicts.map(\.holds) == [true, false])
  }

  @Test func evaluate_whenTheRulesSuiteWasNotRun_skips_butATypoInARunSuiteStillFails() throws {
    let run = Fixtures.run([
      Fixtures.result("untracked", "lock-thread-keypath", samples: [30, 32, 31]),
      Fixtures.result("untracked", "apple", samples: [170, 175, 180]),
    ])
    // A run of the reads suite alone: a mutations rule has nothing to judge.
    let other = try CheckRule(parsing: "lock-thread-keypath / apple on mutations/render-mutate <= 0.5").evaluate(
      in: run)
    #expect(other.count == 1 && other[0].skipped && other[0].holds)
    #expect(other[0].line.hasPrefix("SKIP"))
    // The suite ran, the scenario is misspelled: a gate that checks nothing fails.
    let typo = try CheckRule(parsing: "lock-thread-keypath / apple on reads/untraked <= 0.5").evaluate(in: run)
    #expect(typo.count == 1 && !typo[0].skipped && !typo[0].holds)
    // A bare scenario names no suite: nothing matched fails as before.
    let bare = try CheckRule(parsing: "lock-thread-keypath on render-mutate <= 5").evaluate(in: run)
    #expect(!bare[0].holds && !bare[0].skipped)
  }

  @Test func evaluate_whenNothingMatches_fails() throws {
    let verdicts = try CheckRule(parsing: "nobody on untracked <= 1").evaluate(in: Fixtures.sample)
    #expect(verdicts.count == 1)
    #expect(!verdicts[0].holds)
  }

  @Test(arguments: [
    "lock on s allocs <= 5ns", "lock / apple on s <= 0.5ns", "lock on s <= 5x", "lock on s notifications <= 1B",
    "lock on s bytes <= 64ns", "lock on s <= 5ms",
  ])
  func parse_rejectsUnitsThatDoNotFitTheMetric(line: String) {
    #expect(throws: ReportError.self) { try CheckRule(parsing: line) }
  }

  @Test func parse_acceptsUnitsThatFit() throws {
    #expect(try CheckRule(parsing: "a on s bytes <= 64B").bound == 64)
    #expect(try CheckRule(parsing: "a / b on s <= 0.5x").bound == 0.5)
    #expect(try CheckRule(parsing: "a / b on s allocs <= 2×").bound == 2)
    #expect(try CheckRule(parsing: "a on s <= 5ns").bound == 5)
  }

  @Test func evaluate_referenceAtOrBelowZero_cannotJudge_andNeverPassesANegativeRatio() throws {
    var apple = Fixtures.result("s", "apple", samples: [20, 21, 22])
    apple.uncertaintyNs = 0.5
    var none = Fixtures.result("s", "none", samples: [-0.2, -0.1, -0.3])
    none.uncertaintyNs = 0.5
    let run = Fixtures.run([apple, none])
    let verdicts = try CheckRule(parsing: "apple / none on s <= 0.001").evaluate(in: run)
    #expect(verdicts.map(\.holds) == [false])
    #expect(verdicts[0].line.contains("cannot judge"))
    #expect(verdicts[0].value == nil)
  }

  @Test func evaluate_boundUnderTheResolution_isJudgedAsABound() throws {
    var lock = Fixtures.result("s", "lock", samples: [0.1, 0.05, 0.2])
    lock.uncertaintyNs = 0.4
    let apple = Fixtures.result("s", "apple", samples: [100, 100, 100])
    let run = Fixtures.run([lock, apple])
    // < 0.5 ns over 100 ns: the ratio is below 0.005. A bound is a few
    // nanoseconds, so a ratio rule on it warns rather than fails.
    #expect(try CheckRule(parsing: "lock / apple on s <= 0.01").evaluate(in: run).map(\.holds) == [true])
    let tight = try CheckRule(parsing: "lock / apple on s <= 0.001").evaluate(in: run)
    #expect(tight.map(\.holds) == [true])
    #expect(tight[0].line.hasPrefix("WARN") && tight[0].line.contains("cannot judge"))
    #expect(try CheckRule(parsing: "lock on s <= 1ns").evaluate(in: run).map(\.holds) == [true])
    #expect(try CheckRule(parsing: "lock on s >= 0.01ns").evaluate(in: run).map(\.holds) == [false])
  }
}
