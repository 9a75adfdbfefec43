import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

@Suite("Publication: values, bounds and ratio intervals")
struct PublicationTests {
  /// A case whose samples scatter around zero, as an operation cheaper than the
  /// run can resolve does.
  private func unresolved(_ strategy: String = "lock-thread-keypath") -> CaseResult {
    var result = Fixtures.result("untracked", strategy, samples: [-0.12, 0.05, -0.02, 0.08, 0.01])
    result.uncertaintyNs = 0.1
    return result
  }

  private func resolved(_ strategy: String, _ samples: [Double], uncertainty: Double = 0.05) -> CaseResult {
    var result = Fixtures.result("untracked", strategy, samples: samples)
    result.uncertaintyNs = uncertainty
    return result
  }

  @Test func figure_belowResolution_isABoundNeverNegative() throws {
    let result = unresolved()
    let median = try #require(result.medianFigure)
    #expect(median.isBound)
    #expect(median == .below(0.11))
    #expect(result.figure(-0.5) == .below(0.1))
  }

  @Test func figure_atTwiceTheUncertainty_isAValue() {
    let result = resolved("apple", [17, 17.5, 18])
    #expect(result.figure(0.1) == .value(0.1))
    #expect(result.figure(0.099).isBound)
    #expect(abs((result.figure(0.099).number ?? 0) - 0.149) < 1e-12)
  }

  @Test func ratio_ofABound_isABound_withoutInterval() {
    let apple = resolved("apple", [17, 17.5, 18, 17.2, 17.8])
    let ratio = Publication.ratio(of: unresolved(), to: apple)
    guard case .below(let bound) = ratio.ratio else {
      Issue.record("expected a bound, got \(ratio.ratio)")
      return
    }
    #expect(bound > 0 && bound < 0.01)
    #expect(ratio.interval == nil)
  }

  @Test func ratio_overABound_isALowerBound() {
    let apple = unresolved("apple")
    let ratio = Publication.ratio(of: resolved("lock-thread-keypath", [3, 3.1, 3.2, 3.05, 3.15]), to: apple)
    guard case .above(let bound) = ratio.ratio else {
      Issue.record("expected a lower bound, got \(ratio.ratio)")
      return
    }
    #expect(bound > 10)
  }

  @Test func ratio_ofTwoValues_hasAnIntervalAroundIt() throws {
    let apple = resolved("apple", [17, 17.5, 18, 17.2, 17.8, 17.4, 17.6])
    let core = resolved("lock-thread-keypath", [3, 3.1, 3.2, 3.05, 3.15, 3.1, 3.12])
    let ratio = Publication.ratio(of: core, to: apple)
    let value = try #require(ratio.ratio.value)
    let interval = try #require(ratio.interval)
    #expect(interval.contains(value))
    #expect(interval.lowerBound > 0.15 && interval.upperBound < 0.2)
  }

  @Test func reports_neverPrintANegativeTime() throws {
    let run = Fixtures.run([unresolved(), resolved("apple", [17, 17.5, 18, 17.2, 17.8]), unresolved("none")])
    let csv = ResultsCSV.render(run)
    let header = csv.split(separator: "\n")[0].split(separator: ",").map(String.init)
    let row = csv.split(separator: "\n")[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    let field = { (name: String) in row[header.firstIndex(of: name)!] }
    #expect(field("median_ns") == "0.110")
    #expect(field("median_bound") == "<")
    #expect(field("min_ns") == "")
    #expect(field("ratio_bound") == "<")
    #expect(!csv.contains(",-"))
    let markdown = MarkdownSummary.render(run)
    #expect(markdown.contains("| untracked | 1 | < 0.11 (< "))
    #expect(!markdown.contains("-0."))
    let html = HTMLReport.render(run)
    #expect(html.contains("&lt; 0.11"))
    let json = try #require(String(data: ResultsJSON.encode(run), encoding: .utf8))
    #expect(json.contains("\"below\" : 0.11"))
  }

  @Test func growthFit_skipsSweepsWithABound() {
    var small = unresolved()
    small.size = 10
    var large = resolved("lock-thread-keypath", [5, 5.1, 5.2])
    large.size = 1000
    #expect(GrowthFit.fits(of: [small, large]).isEmpty)
  }
}
