import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Trends across runs")
struct TrendTests {
  /// Three runs of the export fixture, a day apart, each at its own commit; the
  /// third lacks `lock-thread-keypath`.
  static func runs(count: Int = 3) -> ReportRuns {
    let entries = (0..<count).map { index in
      var run = ExportFixtures.run(date: "2026-01-0\(index + 1)T12:00:00Z")
      run.environment.buildCommit = "c0ffee\(index)0123456789"
      run.suiteHeadlines = ["reads": "untracked"]
      if index == 2 { run.cases.removeAll { $0.strategy == "lock-thread-keypath" } }
      return ReportRuns.Entry(label: "run-\(index + 1)", run: run)
    }
    return ReportRuns(entries)
  }

  @Test func trends_followEachSuitesHeadlineCase_inEveryRun() throws {
    let trends = Trend.trends(of: Self.runs())
    #expect(trends.count == 1)
    let trend = try #require(trends.first)
    #expect((trend.suite, trend.scenario, trend.size) == ("reads", "untracked", 1))
    // Measured order, then the two yardsticks; the failed case has no points.
    #expect(trend.strategies == ["lock-thread-keypath", "actor-task-whole", "apple", "none"])
    let lock = try #require(trend.points["lock-thread-keypath"])
    #expect(lock.count == 3)
    #expect(lock[0]?.median == .value(3.1))
    #expect(lock[0]?.ratio?.value != nil && lock[0]?.ratioInterval != nil)
    #expect(lock[0]?.medianInterval != nil)
    #expect(lock[2] == nil)
    #expect(trend.points["actor-task-whole"]?.allSatisfy { $0 == nil } == true)
    // none is under its resolution: its points are bounds, never values.
    #expect(trend.points["none"]?.allSatisfy { $0?.median == .below(0.8) } == true)
  }

  @Test func report_ofThreeRuns_drawsATrendPerSuite_asWellFormedSVG() throws {
    let html = HTMLReport.render(Self.runs())
    #expect(html.contains("<h2 id=\"trends\">Trends across 3 runs</h2>"))
    #expect(html.contains("<a href=\"#trends\">trends</a>"))
    let start = try #require(html.range(of: "<h2 id=\"trends\">"))
    let end = try #require(html.range(of: "<h2 id=\"summary\">"))
    let section = String(html[start.lowerBound..<end.lowerBound])
    #expect(section.contains("reads: untracked at size 1"))
    let svg = try #require(section.range(of: "<svg").flatMap { open in
      section.range(of: "</svg>").map { String(section[open.lowerBound..<$0.upperBound]) }
    })
    let parser = XMLParser(data: Data(svg.utf8))
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    // Each run labelled with its name, short commit and date.
    for index in 0..<3 {
      #expect(svg.contains(">run-\(index + 1)</text>"))
      #expect(svg.contains(">c0ffee\(index)</text>"))
      #expect(svg.contains(">2026-01-0\(index + 1) 12:00</text>"))
    }
    // A value is a dot with its interval; a bound is an open triangle, never a dot.
    #expect(svg.contains("<title>lock-thread-keypath, run-1: 3.1 ns (95% 3 ns – 3.3 ns)</title></circle>"))
    #expect(svg.contains("<polygon"))
    #expect(svg.contains("<title>none, run-2: &lt; 0.8 ns</title></polygon>"))
    #expect(!svg.contains("<title>none, run-2: &lt; 0.8 ns</title></circle>"))
  }

  @Test func report_ofTwoRuns_drawsNoTrend() {
    let html = HTMLReport.render(Self.runs(count: 2))
    #expect(!html.contains("id=\"trends\""))
    #expect(!html.contains("href=\"#trends\""))
  }

  @Test func ratioTicks_neverRoundToZero() {
    #expect(TrendChart.ratioTick(0.0001) == "0.0001×")
    #expect(TrendChart.ratioTick(0.01) == "0.01×")
    #expect(TrendChart.ratioTick(10) == "10×")
  }
}
