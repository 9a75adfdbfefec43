import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// A run with stack placements says, in `summary.md` and `report.html` alike,
/// which cases moved with placement beyond their noise; a run without says
/// nothing of it.
@Suite("Stack placement in the reports")
struct PlacementReportTests {
  /// `samples` taken over `placements` offsets in turn, `slow` of them 20% slower.
  static func placed(_ strategy: String, slow: Bool) -> CaseResult {
    let offsets = (0..<24).map { StackPlacement.offset(placement: $0 % 4, of: 4) }
    let samples = (0..<24).map { index -> Double in
      let noise: Double = 10 + 0.1 * sin(Double(index) * 1.3)
      return slow && index % 4 == 1 ? noise * 1.2 : noise
    }
    var result = Fixtures.result("untracked", strategy, samples: samples)
    result.sampleStackOffsets = offsets
    result.summarise(resamples: 20, seed: 1)
    return result
  }

  @Test func summaryAndReport_listTheCaseThatMoved_withTheCountChanceWouldGive() throws {
    var run = Fixtures.run([Self.placed("apple", slow: true), Self.placed("none", slow: false)])
    run.settings.stackPlacements = 4
    let markdown = MarkdownSummary.render(run)
    #expect(markdown.contains("## Stack placement"))
    #expect(markdown.contains("one of 4 placements over a page"))
    #expect(markdown.contains("1 of 2 cases here, where about 0 would be by chance alone (5%)."))
    #expect(markdown.contains("| reads/untracked[1] | `apple` | 4 | "))
    #expect(!markdown.contains("| reads/untracked[1] | `none` |"))
    let html = HTMLReport.render(run)
    #expect(html.contains("<h2 id=\"placement\">Stack placement</h2>"))
    #expect(html.contains("1 of 2 cases here"))
    #expect(html.contains("<tr><td>reads/untracked[1]</td><td>apple</td><td>4</td>"))
    #expect(html.contains("<a href=\"#placement\">placement</a>"))
    let effect = try #require(run.cases[0].placement)
    #expect(effect.spread > 0.15 && effect.spread < 0.25)
  }

  @Test func aRunThatKeptTheStackInPlace_saysNothingOfPlacement() {
    let markdown = MarkdownSummary.render(Fixtures.sample)
    #expect(!markdown.contains("Stack placement"))
    #expect(!HTMLReport.render(Fixtures.sample).contains("placement"))
  }
}
