import BenchmarkKit
import BenchmarkReports
import Testing

/// `check --suggest`: bounds from the spread of several runs, no bound on what
/// is no time gate.
@Suite("RulesSuggestion")
struct RulesSuggestionTests {
  static func run(lock: Double, apple: Double, suite: String = "reads") -> BenchmarkRun {
    Fixtures.run([
      Fixtures.result("s", "lock", samples: [lock, lock, lock], suite: suite),
      Fixtures.result("s", "apple", samples: [apple, apple, apple], suite: suite),
    ])
  }

  @Test func rewrite_givenSeveralRuns_setsTheBoundFromTheLargestUpperEnd() throws {
    let runs = [Self.run(lock: 30, apple: 150), Self.run(lock: 45, apple: 150), Self.run(lock: 36, apple: 150)]
    let rule = "lock / apple on reads/s <= 1"
    let one = try CheckRule.parseFile(try RulesSuggestion.rewrite(rule, runs: [runs[0]], source: "r"), source: "s")
    let all = try RulesSuggestion.rewrite(rule, runs: runs, source: "r")
    let bound = try #require(try CheckRule.parseFile(all, source: "s").first?.bound)
    // 1.6 × each run's upper end, at most 1.9 × its ratio: 0.2 alone, 0.3 at most.
    let alone = try #require(one.first?.bound)
    #expect(alone >= 0.32 && alone <= 0.38)
    #expect(bound >= 0.48 && bound <= 0.57)
    #expect(all.contains("in 3 runs"))
    for run in runs {
      #expect(try CheckRule.parseFile(all, source: "s").flatMap { $0.evaluate(in: run) }.allSatisfy(\.passed))
    }
  }

  @Test func rewrite_whenARuleTimesAFewNanosecondCase_turnsItIntoAComment() throws {
    let text = "lock / apple on reads/s <= 1"
    let suggested = try RulesSuggestion.rewrite(text, runs: [Self.run(lock: 30, apple: 150), Self.run(lock: 3, apple: 150)], source: "r")
    #expect(suggested.hasPrefix("# not a time gate: lock / apple on reads/s (reads/s[1]: lock takes 3.000 ns, under 10 ns"))
    #expect(suggested.split(separator: "\n").allSatisfy { $0.hasPrefix("#") })
  }

  @Test func rewrite_whenARuleTimesContention_turnsItIntoAComment() throws {
    let suggested = try RulesSuggestion.rewrite(
      "lock / apple on contention/s <= 1", runs: [Self.run(lock: 300, apple: 1500, suite: "contention")], source: "r")
    #expect(suggested.hasPrefix("# not a time gate: lock / apple on contention/s (contention/s[1]: contention"))
  }

  @Test func rewrite_givenSeveralInstructionRuns_takesTheLargestCount() throws {
    var first = Self.run(lock: 30, apple: 150)
    var second = first
    first.cases[0].instructionsPerOperation = 100
    second.cases[0].instructionsPerOperation = 101
    let suggested = try RulesSuggestion.rewrite("lock on reads/s instructions <= 1", runs: [first, second], source: "r")
    #expect(try CheckRule.parseFile(suggested, source: "s").first?.bound == 104)
  }
}
