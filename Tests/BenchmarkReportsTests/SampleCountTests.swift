import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// `n=12`, and `(2–4/pass)` when the passes took different counts: in the
/// summary tables of `summary.md` and `report.html`, and in each headline.
@Suite("Sample counts in reports")
struct SampleCountTests {
  /// `lock-thread-keypath` in three passes of 2, 4 and 3 samples; `apple` in
  /// three equal passes; `none` in one pass.
  static func run() -> BenchmarkRun {
    var lock = Fixtures.result(
      "untracked", "lock-thread-keypath", samples: [3, 3.2, 3.1, 3.0, 3.3, 3.1, 3.2, 3.0, 3.1])
    lock.passSampleCounts = [2, 4, 3]
    var apple = Fixtures.result("untracked", "apple", samples: [17, 17.5, 18, 17.2, 17.8, 17.1, 17.4, 17.6, 17.3])
    apple.passSampleCounts = [3, 3, 3]
    let none = Fixtures.result("untracked", "none", samples: [0.3, 0.31, 0.32])
    let failed = Fixtures.result("untracked", "actor-task-whole", samples: [], failure: "set-up threw")
    return Fixtures.run([lock, apple, none, failed])
  }

  @Test func markdown_whenPassesTookDifferentCounts_showsTheRangePerPass() {
    let text = MarkdownSummary.render(Self.run())
    let row = text.split(separator: "\n").first { $0.hasPrefix("| untracked | 1 |") }.map(String.init) ?? ""
    #expect(row.contains("n=9 (2–4/pass)"))
    #expect(row.contains("17.4 n=9 |"))
    #expect(row.contains(" n=3 |"))
    #expect(row.contains("**failed** |"))
    #expect(!row.contains("n=0"))
    #expect(text.contains("`n=12 (2–4/pass)`: the case's samples"))
  }

  @Test func markdownHeadline_showsTheBestCasesSamples() {
    let text = MarkdownSummary.render(Self.run())
    #expect(text.contains("| ns/op | n | `apple` | `none` |"))
    #expect(text.contains("| `lock-thread-keypath`; none tied (1 of 1) |"))
    let headline =
      text.split(separator: "\n").first { $0.contains("| `lock-thread-keypath`; none tied") }.map(String.init) ?? ""
    #expect(headline.contains("| n=9 (2–4/pass) |"))
  }

  @Test func html_showsTheCountInEachCell_andInTheHeadline() {
    let html = HTMLReport.render(Self.run())
    #expect(html.contains("<span class=\"n\">n=9 (2–4/pass)</span>"))
    #expect(html.contains("<span class=\"n\">n=9</span>"))
    #expect(html.contains("<span class=\"n\">n=3</span>"))
    #expect(html.components(separatedBy: "<span class=\"n\">").count == 4)
    #expect(html.contains("<th>ns/op</th><th>n</th>"))
    #expect(html.contains("<td>n=9 (2–4/pass)</td>"))
  }

  @Test(arguments: [
    ([Int]?.none, 6, "n=6"),
    ([3, 3], 6, "n=6"),
    ([2, 4], 6, "n=6 (2–4/pass)"),
    ([0, 6], 6, "n=6 (0–6/pass)"),
    ([2, 2], 6, "n=6"),  // counts that do not add up say nothing per pass
  ])
  func text_whenPassesTookCounts_givesTheTotalAndTheirRangeOnlyWhenTheyDiffer(
    counts: [Int]?, total: Int, expected: String
  ) {
    var result = Fixtures.result("untracked", "apple", samples: Array(repeating: 1, count: total))
    result.passSampleCounts = counts
    #expect(SampleCount(of: result).text == expected)
  }
}
