import BenchmarkKit
import BenchmarkReports
import Testing

/// `check --suggest`: new bounds from a run, everything a person wrote kept.
@Suite("Rules suggestion")
struct RulesSuggestionTests {
  static let run = Fixtures.run([
    Fixtures.result("untracked", "lock-thread-keypath", samples: [3, 3.2, 3.1, 3.0, 3.3, 3.1, 3.2]),
    Fixtures.result("untracked", "apple", samples: [17, 17.5, 18, 17.2, 17.8, 17.4, 17.6]),
  ])

  @Test func rewrite_whenARuleHasAHandWrittenNote_keepsItAfterTheMeasurement() throws {
    let text = "# header stays\nlock-thread-keypath / apple on reads/untracked <= 0.9  # the headline; see issue 12\n"
    let suggested = try RulesSuggestion.rewrite(text, run: Self.run, source: "rules")
    let lines = suggested.split(separator: "\n").map(String.init)
    #expect(lines[0] == "# header stays")
    #expect(lines[1].contains("# measured "), "\(lines[1])")
    #expect(lines[1].hasSuffix(" — the headline; see issue 12"), "\(lines[1])")
  }

  @Test func rewrite_ofItsOwnOutput_keepsOneMeasurementAndTheNoteOnce() throws {
    let text = "lock-thread-keypath / apple on reads/untracked <= 0.9  # the headline\n"
      + "lock-thread-keypath / apple on reads/untracked <= 0.9\n"
    let once = try RulesSuggestion.rewrite(text, run: Self.run, source: "rules")
    let twice = try RulesSuggestion.rewrite(once, run: Self.run, source: "rules")
    #expect(twice == once)
    let lines = twice.split(separator: "\n").map(String.init)
    #expect(lines[0].components(separatedBy: "measured").count == 2, "\(lines[0])")
    #expect(lines[0].hasSuffix(" — the headline"))
    #expect(!lines[1].contains(" — "), "\(lines[1])")
  }

  @Test func rewrite_setsTheBoundAt1point6TimesTheUpperEnd_atMost1point9TimesTheRatio() throws {
    let text = "lock-thread-keypath / apple on reads/untracked <= 0.9\n"
    let suggested = try RulesSuggestion.rewrite(text, run: Self.run, source: "rules")
    let rule = try #require(try CheckRule.parseFile(suggested, source: "suggested").first)
    let measured = try #require(rule.evaluate(in: Self.run).first?.value)
    #expect(rule.bound > measured && rule.bound <= 1.9 * measured, "\(suggested)")
  }
}
