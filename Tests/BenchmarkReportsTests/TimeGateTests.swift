import BenchmarkKit
import BenchmarkReports
import Testing

/// Which ratios a rule may gate on time: not a few nanoseconds, not contention.
@Suite("TimeGate")
struct TimeGateTests {
  static func pair(_ lock: [Double], _ apple: [Double], suite: String = "reads") -> BenchmarkRun {
    Fixtures.run([
      Fixtures.result("s", "lock", samples: lock, suite: suite),
      Fixtures.result("s", "apple", samples: apple, suite: suite),
    ])
  }

  @Test(arguments: [([2.0, 2.1, 2.2], [90.0, 91, 92]), ([40.0, 41, 42], [9.0, 9.1, 9.2])])
  func exclusion_whenEitherSideIsUnderTenNanoseconds_saysWhy(lock: [Double], apple: [Double]) throws {
    let run = Self.pair(lock, apple)
    let reason = try #require(TimeGate.exclusion(of: run.cases[0], against: run.cases[1]))
    #expect(reason.contains("under 10 ns"))
  }

  @Test func exclusion_whenTheCaseIsContention_saysWhy() throws {
    let run = Self.pair([400, 410, 420], [2000, 2100, 2200], suite: "contention")
    #expect(try #require(TimeGate.exclusion(of: run.cases[0], against: run.cases[1])).contains("contention"))
  }

  @Test func exclusion_whenBothSidesTakeTensOfNanoseconds_isNil() {
    let run = Self.pair([40, 41, 42], [90, 91, 92])
    #expect(TimeGate.exclusion(of: run.cases[0], against: run.cases[1]) == nil)
  }

  @Test func evaluate_whenARatioRuleTimesAFewNanosecondCase_warnsAndPasses() throws {
    let verdicts = try CheckRule(parsing: "lock / apple on reads/s <= 0.001").evaluate(
      in: Self.pair([2, 2.1, 2.2], [90, 91, 92]))
    #expect(verdicts.map(\.holds) == [true])
    #expect(verdicts[0].line.hasPrefix("WARN"))
    #expect(verdicts[0].warning?.contains("instruction counts gate") == true)
    #expect(CheckReport.markdown(verdicts, summary: "s").contains("Not time gates"))
  }

  @Test func evaluate_whenARatioRuleTimesContention_warnsAndPasses() throws {
    let run = Self.pair([400, 410, 420], [100, 100, 100], suite: "contention")
    let verdicts = try CheckRule(parsing: "lock / apple on contention/s <= 2").evaluate(in: run)
    #expect(verdicts.map(\.holds) == [true])
    #expect(verdicts[0].warning != nil)
  }

  @Test func evaluate_whenARatioRuleTimesTensOfNanoseconds_fails() throws {
    let verdicts = try CheckRule(parsing: "lock / apple on reads/s <= 0.1").evaluate(
      in: Self.pair([40, 41, 42], [90, 91, 92]))
    #expect(verdicts.map(\.holds) == [false])
    #expect(verdicts[0].warning == nil)
  }

  @Test func evaluate_whenAnInstructionRuleCountsAFewNanosecondCase_stillGates() throws {
    var run = Self.pair([2, 2.1, 2.2], [90, 91, 92])
    run.cases[0].instructionsPerOperation = 4.45
    run.cases[1].instructionsPerOperation = 100
    let verdicts = try CheckRule(parsing: "lock on reads/s instructions <= 4.08").evaluate(in: run)
    #expect(verdicts.map(\.holds) == [false])
  }
}
