import BenchmarkKit
import BenchmarkReports
import Testing

/// `none` is the floor: a strategy measurably cheaper is a workload defect, and
/// where one buffer landed is not.
@Suite("Floor check")
struct FloorCheckTests {
  static func run(_ cases: [CaseResult]) -> BenchmarkRun {
    Fixtures.run(cases)
  }

  static let floor = PassCases.result("none", passes: Array(repeating: [10, 10.2, 9.8, 10.1, 9.9], count: 4))

  @Test func evaluate_whenCheaperInEveryPass_fails() throws {
    // A real defect: half the work, in every process.
    let cheaper = PassCases.result("a", passes: Array(repeating: [5, 5.1, 4.9, 5.05, 4.95], count: 4))
    let check = try #require(FloorCheck.evaluate(Self.run([cheaper, Self.floor])).first)
    #expect(check.failed)
    #expect(check.outcome?.detail.contains("x[1] a") == true)
  }

  @Test func evaluate_whenOnePassIsNotCheaper_passes() throws {
    // Cheaper in three passes, as expensive in the fourth: where a buffer landed.
    let placed = PassCases.result(
      "a", passes: [[5, 5.1, 4.9, 5, 5], [5, 5.1, 4.9, 5, 5], [5, 5.1, 4.9, 5, 5], [10.3, 10.4, 10.2, 10.3, 10.5]])
    let check = try #require(FloorCheck.evaluate(Self.run([placed, Self.floor])).first)
    #expect(!check.failed)
  }

  @Test func evaluate_whenInstructionsAreCounted_theCountsJudge() throws {
    // Cheaper in every pass by the clock, the same instructions: the same work.
    let floor = PassCases.result("none", passes: Array(repeating: [10, 10.2, 9.8], count: 4), instructions: 79_083)
    let same = PassCases.result("a", passes: Array(repeating: [5, 5.1, 4.9], count: 4), instructions: 78_373)
    #expect(FloorCheck.evaluate(Self.run([same, floor])).first?.failed == false)
    // Fewer instructions by more than the slack: a defect even where time ties.
    let less = PassCases.result("a", passes: Array(repeating: [10, 10.2, 9.8], count: 4), instructions: 60_000)
    #expect(FloorCheck.evaluate(Self.run([less, floor])).first?.failed == true)
  }

  @Test func evaluate_whenTheDifferenceIsUnderANanosecond_passes() throws {
    // One compare per operation, its fixtures placed luckily in every pass:
    // 0.16 ns against none's 0.42 ns is placement, not less work.
    let floor = PassCases.result("none", passes: Array(repeating: [0.42, 0.425, 0.415, 0.42, 0.43], count: 4))
    let placed = PassCases.result("a", passes: Array(repeating: [0.16, 0.161, 0.159, 0.16, 0.162], count: 4))
    #expect(FloorCheck.evaluate(Self.run([placed, floor])).first?.failed == false)
    // Past the floor, in every pass: less work.
    let cheaper = PassCases.result("a", passes: Array(repeating: [2.9, 2.91, 2.89, 2.9, 2.92], count: 4))
    let slower = PassCases.result("none", passes: Array(repeating: [4.2, 4.25, 4.15, 4.2, 4.3], count: 4))
    #expect(FloorCheck.evaluate(Self.run([cheaper, slower])).first?.failed == true)
  }
}
