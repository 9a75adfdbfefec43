import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// An A/B run's report.html and summary.md open on the verdict `ab.md` holds.
@Suite("A/B verdict in the reports")
struct ABVerdictReportTests {
  static func verdict() -> (ABVerdict, BenchmarkRun) {
    let factors = [1.0, 1.3, 0.8, 1.1]
    let strategies = PairedComparisonTests.strategies
    let baseline = PairedComparisonTests.build(strategies: strategies, passFactors: factors, seed: 3)
    let current = PairedComparisonTests.build(
      strategies: strategies, passFactors: factors, scale: ["lock-thread-keypath": 1.25], seed: 4)
    let comparison = RunComparison(pairedBaseline: baseline, current: current)
    return (
      ABVerdict(comparison: comparison, explanations: RegressionExplanations([], before: nil, after: nil)), current
    )
  }

  @Test func summary_ofAnABRun_opensOnTheVerdictAbMdHolds() throws {
    let (verdict, run) = Self.verdict()
    var runs = ReportRuns(run)
    runs.abVerdict = verdict
    let markdown = MarkdownSummary.render(runs)
    let section = try #require(markdown.range(of: "## \(ABVerdict.title)"))
    let environment = try #require(markdown.range(of: "## Environment"))
    #expect(section.lowerBound < environment.lowerBound)
    // ab.md whole, as it is written, is in the summary.
    #expect(markdown.contains(verdict.markdown.trimmingCharacters(in: .newlines)))
    #expect(!MarkdownSummary.render(ReportRuns(run)).contains(ABVerdict.title))
  }

  @Test func report_ofAnABRun_showsTheVerdictItsPowerAndEveryRegressedCase() throws {
    let (verdict, run) = Self.verdict()
    let comparison = verdict.comparison
    #expect(comparison.gateFailures.count == 3)
    var runs = ReportRuns(run)
    runs.abVerdict = verdict
    let html = HTMLReport.render(runs)
    let section = try #require(html.range(of: "<h2 id=\"a-b-verdict\">"))
    let summary = try #require(html.range(of: "<h2 id=\"summary\""))
    #expect(section.lowerBound < summary.lowerBound)
    #expect(html.contains("href=\"#a-b-verdict\""))
    #expect(html.contains(HTMLText.escape(comparison.verdictLine)))
    let power = try #require(comparison.powerLine)
    #expect(html.contains(HTMLText.escape(power)))
    for row in comparison.gateFailures {
      #expect(html.contains(HTMLText.escape(row.key.description)))
    }
    #expect(!HTMLReport.render(ReportRuns(run)).contains(ABVerdict.title))
  }

  /// A baseline build from before turns samples one cold sample a turn: the
  /// verdict says so under its heading, in ab.md, the summary and the page.
  @Test func verdict_ofBuildsThatSampledDifferently_warnsUnderItsHeading() throws {
    let (plain, run) = Self.verdict()
    var baseline = run.settings
    var current = run.settings
    baseline.samplesPerTurn = nil
    current.samplesPerTurn = 2
    let warning = try #require(RunSettings.samplingDifference(baseline: baseline, current: current))
    #expect(warning.contains("one cold sample") && warning.contains("up to 2 samples"))
    #expect(RunSettings.samplingDifference(baseline: current, current: current) == nil)
    var verdict = plain
    verdict.warnings = [warning]
    let markdown = verdict.markdown
    let heading = try #require(markdown.range(of: "## \(ABVerdict.title)"))
    let line = try #require(markdown.range(of: "⚠ \(warning)."))
    let verdictLine = try #require(markdown.range(of: verdict.comparison.verdictLine))
    #expect(heading.upperBound <= line.lowerBound && line.upperBound <= verdictLine.lowerBound)
    #expect(!plain.markdown.contains("⚠"))
    var runs = ReportRuns(run)
    runs.abVerdict = verdict
    #expect(MarkdownSummary.render(runs).contains("⚠ \(warning)."))
    #expect(HTMLReport.render(runs).contains(HTMLText.escape(warning)))
  }

  /// Four pairs at ±30% noise cannot judge 5%: the verdict says how many
  /// cases it could not resolve, rather than a bare "no regression".
  @Test func verdict_whenCasesCannotResolveTheThreshold_saysHowManyAndWhatTheyCouldShow() {
    let strategies = PairedComparisonTests.strategies
    let baseline = PairedComparisonTests.build(
      strategies: strategies, passFactors: [1.0, 1.3, 0.8, 1.1], jitter: 0.3, seed: 5)
    let current = PairedComparisonTests.build(
      strategies: strategies, passFactors: [1.0, 1.3, 0.8, 1.1], jitter: 0.3, seed: 6)
    let comparison = RunComparison(pairedBaseline: baseline, current: current)
    let unresolved = comparison.rows.compactMap(\.detectable).filter { $0 > 0.05 + 1e-12 }.count
    #expect(unresolved > 0)
    #expect(comparison.gateFailures.isEmpty, "\(comparison.verdictLine)")
    #expect(
      comparison.verdictLine.contains("; \(unresolved) of them not resolved at 5.0%"), "\(comparison.verdictLine)")
    // Where every case resolves the threshold, nothing is added.
    let quiet = RunComparison(
      pairedBaseline: PairedComparisonTests.build(
        strategies: strategies, passFactors: [1.0, 1.3, 0.8, 1.1], jitter: 0.001, seed: 7),
      current: PairedComparisonTests.build(
        strategies: strategies, passFactors: [1.0, 1.3, 0.8, 1.1], jitter: 0.001, seed: 8))
    #expect(quiet.rows.allSatisfy { ($0.detectable ?? 0) <= 0.05 + 1e-12 })
    #expect(!quiet.verdictLine.contains("not resolved"), "\(quiet.verdictLine)")
  }

  /// Before an A/B run starts: the largest spread between pairs that still
  /// resolves the threshold, ln(1 + t) · √pairs / multiple, and the pairs a
  /// case moving 10% between pairs would need, (multiple · ln 1.1 / ln(1 + t))².
  @Test func powerNote_saysTheSpreadThePairsResolve_andThePairsA10PercentCaseNeeds() {
    let multiple = max(3, RunComparison.familyWiseMultiple(cases: 96, error: 0.05))
    #expect(abs(multiple - 3.47) < 0.01)
    let note = RunComparison.pairedPowerNote(pairs: 4, judged: 96)
    let spread = exp(log(1.05) * 2 / multiple) - 1
    let needed = Int(pow(multiple * log(1.1) / log(1.05), 2).rounded(.up))
    #expect(abs(spread - 0.0285) < 0.0005)
    #expect(needed == 46)
    #expect(note.hasPrefix("4 pairs judge a case at 5.0% only where its time moves by at most 2.9% between pairs"))
    #expect(note.contains("needs about 46 (--passes 46)"))
    // Four times the pairs resolve twice the spread (in log).
    let wider = RunComparison.pairedPowerNote(pairs: 16, judged: 96)
    #expect(wider.hasPrefix("16 pairs judge a case at 5.0% only where its time moves by at most 5.8%"))
  }
}
