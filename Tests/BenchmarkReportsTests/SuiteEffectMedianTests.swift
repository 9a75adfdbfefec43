import BenchmarkKit
import Testing

@testable import BenchmarkReports

/// A suite's summary of a choice says what a typical case sees, not only the
/// geometric mean a few large cases can pull away from it.
@Suite("Suite effects: the median case")
struct SuiteEffectMedianTests {
  static func effect(_ scenario: String, _ ratio: Double, _ interval: ClosedRange<Double>) -> CaseEffect {
    CaseEffect(
      suite: "mutations", scenario: scenario, size: 1, choice: "invalidation", candidatePairs: 4, pairs: [],
      ratio: ratio, interval: interval, interactions: [], notifications: nil)
  }

  @Test func summary_ofASkewedSuite_showsItsMedianCase_andHowTheCasesStand() throws {
    // Four cases near 1, one 10 000× (whole invalidation notifying everyone):
    // the geometric mean is over 6×, the median case 1.0×.
    let cases = [
      Self.effect("a", 0.90, 0.85...0.95), Self.effect("b", 0.98, 0.90...1.06), Self.effect("c", 1.00, 0.95...1.05),
      Self.effect("d", 1.08, 1.04...1.12), Self.effect("e", 10_000, 9_000...11_000),
    ]
    let summary = EffectAnalysis.summary(suite: "mutations", choice: "invalidation", cases: cases)
    #expect((summary.ratio ?? 0) > 6)
    #expect(summary.median == 1.00)
    #expect(summary.standing == EffectStanding(below: 1, holding: 2, above: 2))
    #expect(EffectText.median(summary) == "1.00× (1 below, 2 at, 2 above 1)")
    let even = EffectAnalysis.summary(suite: "mutations", choice: "invalidation", cases: Array(cases.prefix(4)))
    #expect(abs((even.median ?? 0) - (0.98 * 1.00).squareRoot()) < 1e-12, "between the middle two, geometrically")
  }

  @Test func reports_printTheMedianCaseBesideTheGeometricMean() {
    var run = PublishedEffectsTests.run()
    run.effects = RunEffects(
      cases: [],
      suites: [
        EffectAnalysis.summary(
          suite: "mutations", choice: "invalidation",
          cases: [
            Self.effect("a", 0.9, 0.85...0.95), Self.effect("b", 1.0, 0.95...1.05), Self.effect("c", 50, 40...60),
          ])
      ])
    #expect(MarkdownSummary.render(run).contains("| 1.00× (1 below, 1 at, 1 above 1) |"))
    #expect(HTMLReport.render(run).contains(">1.00× (1 below, 1 at, 1 above 1)</td>"))
  }

  @Test func aRunWrittenBeforeMedians_printsADash() throws {
    var summary = EffectAnalysis.summary(suite: "s", choice: "registrar", cases: [Self.effect("a", 0.9, 0.8...0.95)])
    summary.median = nil
    summary.standing = nil
    #expect(EffectText.median(summary) == "–")
  }

  @Test func aFileWrittenBeforeMedians_getsItsSummariesAgain_fromItsStoredCaseEffects() throws {
    var run = PublishedEffectsTests.run()
    let cases = [Self.effect("a", 0.9, 0.85...0.95), Self.effect("b", 1.0, 0.95...1.05), Self.effect("c", 50, 40...60)]
    var old = EffectAnalysis.summary(suite: "mutations", choice: "invalidation", cases: cases)
    old.median = nil
    old.standing = nil
    run.effects = RunEffects(cases: cases, suites: [old])
    let summary = try #require(run.publishingMissingFigures().effects?.suites.first)
    #expect(summary.median == 1.0)
    #expect(summary.standing == EffectStanding(below: 1, holding: 1, above: 1))
    #expect(summary.ratio == old.ratio, "the rest as the file had it")
  }
}
