import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// Ratios to `apple` get their scenario's rerun shift, as medians do: a ratio
/// whose four passes agreed by luck still reaches where its scenario's ratios
/// moved between halves of their passes.
@Suite("Ratio rerun shift")
struct RatioRerunShiftTests {
  /// Four passes of three samples at `levels`.
  static func passes(_ levels: [Double]) -> [[Double]] {
    levels.map { [$0 * 0.999, $0, $0 * 1.001] }
  }

  static func run(_ cases: [CaseResult]) -> BenchmarkRun {
    BenchmarkRun(
      environment: Fixtures.environment, settings: Fixtures.settings, cases: cases)
  }

  @Test func publish_aTightRatioInAScenarioWhoseRatiosJump_reachesTheScenariosShift() throws {
    // apple steady at 100 ns; twelve strategies whose ratio is 0.5 in passes 1
    // and 3 and 0.75 in passes 2 and 4; one whose four passes agree at 0.5.
    var cases = [PassCases.result("apple", passes: Self.passes([100, 100, 100, 100]))]
    cases += (0..<12).map { PassCases.result("s\($0)", passes: Self.passes([50, 75, 50, 75])) }
    cases.append(PassCases.result("tight", passes: Self.passes([50, 50.2, 49.8, 50])))
    let published = Publication.publish(Self.run(cases))
    let tight = try #require(published.cases.last?.published)
    let interval = try #require(tight.ratioInterval)
    #expect(tight.ratioShift != nil)
    #expect(interval.contains(0.6) && interval.contains(0.5 / 1.2))
  }

  @Test func publish_aScenarioOfSteadyRatios_keepsItsIntervalsTight() throws {
    var cases = [PassCases.result("apple", passes: Self.passes([100, 100, 100, 100]))]
    cases += (0..<12).map { PassCases.result("s\($0)", passes: Self.passes([50, 50.1, 49.9, 50])) }
    let published = Publication.publish(Self.run(cases))
    for result in published.cases.dropFirst() {
      let interval = try #require(result.published?.ratioInterval)
      #expect(interval.upperBound / interval.lowerBound < 1.05)
    }
  }
}
