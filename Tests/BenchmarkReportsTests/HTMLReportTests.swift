import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("HTML report")
struct HTMLReportTests {
  /// The seeded run, written to a run file and read back, as `obsbench report` sees it.
  private static func seededRunFile() throws -> BenchmarkRun {
    let path = NSTemporaryDirectory() + "obsbench-seeded-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try ResultsJSON.encode(SeededRun.make()).write(to: URL(fileURLWithPath: path))
    return try ResultsJSON.read(path: path)
  }

  /// Whether `text` parses as XML; the parser's error otherwise.
  private static func xmlError(_ text: String) -> String? {
    let parser = XMLParser(data: Data(text.utf8))
    return parser.parse() ? nil : "\(parser.parserError.map { "\($0)" } ?? "unknown") at line \(parser.lineNumber)"
  }

  private static func svgs(in html: String) -> [String] {
    var found = [String]()
    var rest = html[...]
    while let start = rest.range(of: "<svg"),
      let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex)
    {
      found.append(String(rest[start.lowerBound..<end.upperBound]))
      rest = rest[end.upperBound...]
    }
    return found
  }

  @Test func report_ofSeededRun_isWellFormedXML_everySVGToo() throws {
    let html = HTMLReport.render(try Self.seededRunFile())
    #expect(Self.xmlError(html) == nil, "\(Self.xmlError(html) ?? "")")
    let charts = Self.svgs(in: html)
    // Per scenario a bar chart; the sweep adds a growth chart; the effects a forest
    // plot of the axes and one of the refinements (`+identity`).
    #expect(charts.count == SeededRun.scenarios.count + 1 + 2)
    for chart in charts {
      #expect(Self.xmlError(chart) == nil, "\(Self.xmlError(chart) ?? "")")
    }
  }

  @Test func report_isSelfContained_itsOneScriptInline() throws {
    let html = HTMLReport.render(try Self.seededRunFile())
    for reference in ["http:", "https:", "src=", "@import", "url(", "<link", "@font-face", "fetch(", "xmlhttprequest"] {
      #expect(!html.lowercased().contains(reference), "found \(reference)")
    }
    // One script, inline, at the end: an enhancement over content already in the page.
    #expect(html.components(separatedBy: "<script").count == 2)
    #expect(html.hasSuffix("</script></body></html>\n"))
  }

  @Test func report_showsEveryStrategyScenarioAndTheEnvironment() throws {
    let run = try Self.seededRunFile()
    let html = HTMLReport.render(run)
    for strategy in SeededRun.strategies {
      // Summary headers break ids at '-', so look for the charts' labels.
      #expect(html.contains(">\(strategy)<"), "\(strategy)")
    }
    for scenario in SeededRun.scenarios {
      #expect(html.contains(HTMLTextProbe.escape(scenario.scenario)), "\(scenario.scenario)")
    }
    for fact in [
      "Swift version 6.3.1", "Seeded CPU @ 2.0GHz", "2 cores", "Linux 6.1.0", "0123abc", "2026-01-02T03:04:05Z",
      "jemalloc 5.3.0",
    ] {
      #expect(html.contains(fact), "\(fact)")
    }
    #expect(html.contains("failed"))
    // The growth exponent appears in the sweep's legend.
    #expect(html.contains("k="))
  }

  @Test func report_marksOverNotification() throws {
    let html = HTMLReport.render(try Self.seededRunFile())
    // `whole` notifies three times where apple notifies once.
    #expect(html.contains("3 (3×)"))
  }

  @Test func report_colorsRatiosFromBetterToWorse() throws {
    let html = HTMLReport.render(try Self.seededRunFile())
    #expect(html.contains("td class=\"floor\""))
    #expect(html.contains("td class=\"ref\""))
    #expect(html.contains("style=\"background:#"))
  }

  @Test func report_ofSeveralRuns_showsThemSideBySide() throws {
    let before = try Self.seededRunFile()
    var after = SeededRun.make(seed: 7)
    after.environment.host = "other-host"
    let runs = ReportRuns([.init(label: "before", run: before), .init(label: "after", run: after)])
    let html = HTMLReport.render(runs)
    #expect(Self.xmlError(html) == nil)
    #expect(html.contains("2 runs side by side: before, after"))
    #expect(html.contains("other-host") && html.contains("seeded-host"))
    #expect(html.contains("Changes from before to after"))
    #expect(html.contains("(after)"))
  }

  @Test func report_ofFullSizedRun_staysWellUnderFiveMegabytes() throws {
    let html = HTMLReport.render(SeededRun.make(samples: 41))
    #expect(html.utf8.count < 500_000)
  }

  @Test func combining_mergesDisjointRuns_andKeepsOverlappingOnesApart() {
    let first = Fixtures.run([Fixtures.result("a", "x", samples: [1])])
    let second = Fixtures.run([Fixtures.result("b", "x", samples: [2])])
    #expect(!ReportRuns.combining([.init(label: "1", run: first), .init(label: "2", run: second)]).isSideBySide)
    #expect(ReportRuns.combining([.init(label: "1", run: first), .init(label: "2", run: first)]).isSideBySide)
    #expect(ReportRuns.label(forPath: "/x/before/results.json") == "before")
    #expect(ReportRuns.label(forPath: "/x/baseline.json") == "baseline")
  }

  @Test func markdown_ofTwoRuns_addsOnlyTheSignificantChanges() {
    let before = SeededRun.make()
    var after = before
    after.cases[0].samples = after.cases[0].samples.map { $0 * 1.5 }
    after.cases[0].statistics = Statistics(after.cases[0].samples, resamples: 100)
    let text = MarkdownSummary.render(ReportRuns([.init(label: "main", run: before), .init(label: "pr", run: after)]))
    #expect(text.contains("## Changes from main to pr"))
    #expect(text.contains("reads/untracked[1] lock-thread-keypath"))
    #expect(!text.contains("reads/untracked[1] apple |"))
    #expect(text.contains("| scenario | size |"))
  }
}

/// The escaping the report applies to names, for looking them up in it.
enum HTMLTextProbe {
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
