import BenchmarkKit

/// The first lines of an explanation under each case that regressed in
/// instructions, for `compare` and `check`: where the extra instructions went,
/// by group and by the top three functions.
///
/// Made only where both sides kept profiles (instruction runs keep them beside
/// their results); a case without them is simply not explained.
public struct RegressionExplanations: Sendable {
  /// One explained case.
  public struct Entry: Sendable {
    /// The regressed case (after side).
    public var key: CaseKey
    /// What it is compared with: the same case of the baseline, or the reference strategy.
    public var against: String
    /// The explanation's summary lines.
    public var lines: [String]
  }

  /// The explained cases, in the order asked.
  public var entries: [Entry]

  /// Explains each pair of cases `(before, after)` found in the kept profiles.
  public init(_ pairs: [(before: CaseKey, after: CaseKey)], before: KeptProfiles?, after: KeptProfiles?) {
    guard let before, let after else {
      entries = []
      return
    }
    entries = pairs.compactMap { pair in
      guard let old = before[pair.before], let new = after[pair.after] else { return nil }
      let explanation = ProfileExplanation(before: old, after: new)
      return Entry(
        key: pair.after, against: pair.before.strategy == pair.after.strategy ? "baseline" : pair.before.strategy,
        lines: explanation.summaryLines())
    }
  }

  /// Plain text: a heading, then each case and its lines indented.
  public func text() -> String {
    guard !entries.isEmpty else { return "" }
    var lines = ["Where the regressed instructions went (kept callgrind profiles; obsbench explain for more):"]
    for entry in entries {
      lines.append("  \(entry.key) against \(entry.against):")
      lines += entry.lines.map { "    " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Markdown for a pull request's summary: a heading and a list per case.
  public func markdown() -> String {
    guard !entries.isEmpty else { return "" }
    var lines = ["### Where the regressed instructions went", ""]
    for entry in entries {
      lines.append("- **\(MarkdownSummary.escape(entry.key.description))** against \(entry.against)")
      // Code spans: demangled names hold "<…>" a renderer would take for HTML.
      lines += entry.lines.map { "  - `" + $0.replacingOccurrences(of: "`", with: "'") + "`" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The kept profiles beside the results file at `resultsPath`, or `nil` when
  /// none were kept or they cannot be read (an explanation is extra; its absence
  /// never fails a comparison).
  public static func profiles(besideResults resultsPath: String) -> KeptProfiles? {
    try? KeptProfiles.read(path: KeptProfiles.path(forResults: resultsPath))
  }
}
