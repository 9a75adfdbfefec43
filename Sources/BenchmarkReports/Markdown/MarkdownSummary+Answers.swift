import BenchmarkKit

extension MarkdownSummary {
  /// The answers by app pattern, first on the page: one paragraph per pattern
  /// at the size a reader most often asks about, then the choices the patterns
  /// disagree on.
  static func answerLines(_ run: BenchmarkRun, size: Int = AppPattern.defaultSize) -> [String] {
    let answers = PatternAnswer.answers(of: run, size: size)
    guard !answers.isEmpty else { return [] }
    let text = PatternText.markdown
    var lines = [
      "", "## Answers by app pattern", "",
      "For each pattern an app has, at \(size) (or the nearest size its scenario measured): the cheapest strategy "
        + "and those the run cannot tell from it, its time against `apple` and above `none` with 95% intervals, "
        + "the runner-up outside that group, the trap (the costliest single choice made the other way), and what "
        + "the choice gives up. A loss reads as a loss. Under each: what each choice costs there, and the pattern's "
        + "other scenarios; `report.html` has every size.",
      "",
    ]
    for answer in answers {
      lines.append("- " + text.sentence(answer))
      if !answer.choices.isEmpty {
        lines.append(
          "  - Each choice at \(answer.size) (B's time over A's, matched pairs): " + text.choices(answer) + ".")
      }
      if !answer.beside.isEmpty {
        lines.append("  - Its other scenarios (cheapest, ratio to `apple`): " + text.beside(answer) + ".")
      }
    }
    let disagreements = PatternAnswer.disagreements(answers)
    if !disagreements.isEmpty {
      lines.append("")
      lines += disagreements.map { "- " + text.disagreement($0) }
    }
    return lines
  }
}
