import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The answers by app pattern: each sentence says what the figures it quotes
/// say, a loss reads as a loss, and the page carries every answer without its
/// script.
@Suite("Answers by app pattern")
struct PatternAnswerTests {
  /// `one-row-changes` answered from `collections/update-row-rearm` at 1000:
  /// the refined actor strategy cheapest, its base 200× dearer, `whole` 150×.
  static func oneRowRun() -> BenchmarkRun {
    let cases = [
      ("actor-thread-keypath+identity", 100.0), ("lock-thread-keypath+identity", 125), ("actor-thread-keypath", 20_000),
      ("lock-thread-keypath", 21_000), ("actor-thread-whole", 15_000), ("apple", 450), ("none", 12),
    ].map { strategy, ns in
      HeadlineCases.result(strategy, ns, suite: "collections", scenario: "update-row-rearm", size: 1000)
    }
    return HeadlineCases.run(cases, headlines: [:])
  }

  /// `deep-nesting` answered from `nesting/leaf-write-rearm` at 64, where every
  /// core strategy takes three times apple's time or more.
  static func lossRun() -> BenchmarkRun {
    let cases = [("actor-thread-keypath", 300.0), ("lock-thread-keypath", 420), ("apple", 100), ("none", 5)].map {
      strategy, ns in
      HeadlineCases.result(strategy, ns, suite: "nesting", scenario: "leaf-write-rearm", size: 64)
    }
    return HeadlineCases.run(cases, headlines: [:])
  }

  @Test func sentence_namesTheLowestMedian_quotesItsRatio_andTheCostliestTurn() throws {
    let run = Self.oneRowRun()
    let answer = try #require(PatternAnswer.answers(of: run).first)
    #expect(answer.pattern.id == "one-row-changes")
    #expect(answer.size == 1000)
    let medians = run.cases.filter { Publication.isChoice($0.strategy) }.compactMap { result in
      result.published?.medianNs.value.map { (result.strategy, $0) }
    }
    let lowest = try #require(medians.min { $0.1 < $1.1 }).0
    #expect(answer.figures.cheapest == lowest)
    let published = try #require(run.cases.first { $0.strategy == lowest }?.published)
    let sentence = PatternText.markdown.sentence(answer)
    #expect(sentence.contains("use `\(lowest)`"), "\(sentence)")
    #expect(sentence.contains(HeadlineText.ratio(published.ratioToApple, interval: published.ratioInterval)))
    #expect(!sentence.contains("slower than apple here"))
    // The costliest turn: the same strategy without its refinement, then `whole`.
    #expect(sentence.contains("Trap: without `+identity` (`actor-thread-keypath`)"), "\(sentence)")
    #expect(sentence.contains("with `whole` invalidation (`actor-thread-whole`)"), "\(sentence)")
    let trap = try #require(answer.traps.first)
    let base = try #require(run.cases.first { $0.strategy == "actor-thread-keypath" }?.published?.medianNs.value)
    #expect(abs(trap.timesCheapest - base / published.medianNs.value!) < 1e-9)
  }

  @Test func sentence_whenEveryCoreStrategyIsSlowerThanApple_readsAsALoss() throws {
    let answer = try #require(PatternAnswer.answers(of: Self.lossRun()).first)
    #expect(answer.pattern.id == "deep-nesting")
    #expect(answer.isLoss)
    let sentence = PatternText.markdown.sentence(answer)
    #expect(sentence.contains("every core strategy is slower than apple here; the cheapest, `actor-thread-keypath`"))
    #expect(!sentence.contains("use `"))
    #expect(HTMLReport.render(Self.lossRun()).contains("<p class=\"answer loss\" data-size=\"1000\">"))
  }

  @Test func closest_isTheNearestSizeInRatio_theLargerOnATie() {
    #expect(PatternAnswer.closest(to: 1000, in: [1, 2, 4, 8, 16, 32, 64]) == 64)
    #expect(PatternAnswer.closest(to: 1000, in: [10, 100, 1000, 10000]) == 1000)
    #expect(PatternAnswer.closest(to: 1000, in: [100, 10000]) == 10000)
    #expect(PatternAnswer.closest(to: 10, in: [1]) == 1)
  }

  @Test func html_withoutItsScript_holdsEveryAnswer_theDefaultSizeShown() throws {
    let run = Self.oneRowRun()
    let html = HTMLReport.render(run)
    let script = try #require(html.range(of: "<script>"))
    let end = try #require(html.range(of: "</script>"))
    let bare = String(html[..<script.lowerBound] + html[end.upperBound...])
    let answer = try #require(PatternAnswer.answers(of: run).first)
    // The default size's answer is in the markup and not hidden; the others
    // are there too, hidden until a script shows them.
    #expect(bare.contains("<p class=\"answer\" data-size=\"1000\">" + PatternText.html.sentence(answer) + "</p>"))
    #expect(bare.contains("<p class=\"answer\" data-size=\"10\" hidden=\"hidden\">"))
    // Every size of the scenario is in the detail table, which needs no script.
    #expect(bare.contains("<details><summary>Every size of <code>collections/update-row-rearm</code>"))
    #expect(bare.contains("<td data-sort=\"1000\">1000</td>"))
    // The answers come before the environment.
    let answers = try #require(bare.range(of: "id=\"answers\""))
    let environment = try #require(bare.range(of: "id=\"environment\""))
    #expect(answers.lowerBound < environment.lowerBound)
    let parser = XMLParser(data: Data(html.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "") at line \(parser.lineNumber)")
  }

  @Test func markdown_leadsWithTheAnswers() throws {
    let text = MarkdownSummary.render(Self.oneRowRun())
    let answers = try #require(text.range(of: "## Answers by app pattern"))
    let environment = try #require(text.range(of: "## Environment"))
    #expect(answers.lowerBound < environment.lowerBound)
    #expect(text.contains("- **One row of a list changes per action** — at 1000 rows (`collections/update-row-rearm`"))
  }

  @Test func disagreements_nameAChoiceMeasurablyCheaperEachWay() throws {
    let pattern = AppPattern.catalogue[0]
    let other = AppPattern.catalogue[1]
    let cost = { (ratio: Double, interval: ClosedRange<Double>) in
      PatternAnswer.ChoiceCost(choice: .invalidation, ratio: ratio, interval: interval, notifications: nil)
    }
    let base = try #require(PatternAnswer.answers(of: Self.oneRowRun()).first)
    var cheaper = base
    cheaper.pattern = other
    cheaper.choices = [cost(0.8, 0.7...0.9)]
    var dearer = base
    dearer.pattern = pattern
    dearer.choices = [cost(5.5, 5...6)]
    var unclear = base
    unclear.choices = [cost(1.1, 0.9...1.3)]
    let found = PatternAnswer.disagreements([cheaper, dearer, unclear])
    #expect(found.map(\.choice) == [.invalidation])
    let line = PatternText.markdown.disagreement(try #require(found.first))
    #expect(line.hasPrefix("Patterns disagree on invalidation: `whole` is cheaper for a list's body re-renders"))
    #expect(PatternAnswer.disagreements([cheaper, unclear]).isEmpty)
  }
}
