/// An A/B run's verdict on this build against the baseline build
/// (`run --baseline-binary`), and where its regressed cases' extra
/// instructions went: what `ab.md` holds, and the first thing the run's
/// `report.html` and `summary.md` show, so that the three tell one story.
public struct ABVerdict: Sendable {
  /// The paired comparison, pass pair by pass pair.
  public var comparison: RunComparison
  /// The regressed cases explained by instructions; empty when none was.
  public var explanations: RegressionExplanations
  /// Warnings the verdict must carry, under its heading: the two builds
  /// sampled differently (``RunSettings/samplingDifference(baseline:current:)``).
  public var warnings: [String] = []

  /// The heading every output gives the verdict.
  public static let title = "A/B: this build against the baseline build"

  /// Creates a verdict.
  public init(comparison: RunComparison, explanations: RegressionExplanations) {
    self.comparison = comparison
    self.explanations = explanations
  }

  /// The verdict as Markdown: `ab.md`, and the section of `summary.md`.
  public var markdown: String {
    var text = comparison.markdown(title: Self.title)
    if !warnings.isEmpty, let heading = text.range(of: "\n") {
      let lines = warnings.map { "⚠ \($0)." }.joined(separator: "\n\n")
      text.insert(contentsOf: "\n" + lines + "\n", at: heading.upperBound)
    }
    if !explanations.entries.isEmpty { text += "\n" + explanations.markdown() }
    return text
  }
}
