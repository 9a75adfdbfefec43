import BenchmarkKit
import Foundation

/// Proposes the bounds of a rules file from one or more runs: each relative
/// `<=`/`<` rule on the median gets 1.6 × the largest upper end of the 95%
/// interval of the ratio it measured (``PairedRatio/interval(of:to:confidence:resamples:)``)
/// over its cases and the runs, but at most 1.9 × the smallest ratio itself, so
/// that a gate sits within 2× of every run and a 2× slowdown of any of them
/// breaks it. Several runs (other hosts, other times) give the spread one run
/// cannot show.
///
/// A relative median rule on a case that is no time gate in any run (a few
/// nanoseconds or contention: ``TimeGate``) is turned into a comment saying why.
/// An absolute `instructions` rule gets the largest count plus
/// ``instructionTolerance``: counts are exact for a build, so the gate can be tight.
///
/// Other lines (comments, other absolute rules, other metrics) are kept as written.
/// A rewritten rule's comment is the measurement (`# measured …` or
/// `# counted …`), followed by the line's own note when it had one
/// (`# measured 0.0094, 95% ≤ 0.012 — the headline`): a note survives any
/// number of rewrites, a previous measurement does not.
/// The lead regenerates `ci/rules.txt` from the reference run and others with it.
public enum RulesSuggestion {
  /// `text` (a rules file) with the bounds of its relative median rules set to
  /// `margin` × what `runs` measured, each followed by a comment of the measurement.
  ///
  /// - Throws: ``ReportError`` for a malformed rule.
  public static func rewrite(_ text: String, run: BenchmarkRun, margin: Double = 1.6, source: String)
    throws(ReportError)
    -> String
  {
    try rewrite(text, runs: [run], margin: margin, source: source)
  }

  /// `text` with its bounds proposed from every run of `runs` (see the type).
  ///
  /// - Throws: ``ReportError`` for a malformed rule or no run.
  public static func rewrite(_ text: String, runs: [BenchmarkRun], margin: Double = 1.6, source: String)
    throws(ReportError) -> String
  {
    guard !runs.isEmpty else { throw ReportError("no run to suggest bounds from") }
    var lines = [String]()
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let content = String(parts.first ?? "")
      let note = parts.count > 1 ? Self.note(inComment: String(parts[1])) : nil
      guard !content.allSatisfy(\.isWhitespace) else {
        lines.append(String(line))
        continue
      }
      let rule: CheckRule
      do {
        rule = try CheckRule(parsing: content)
      } catch {
        throw ReportError("\(source):\(number + 1): \(error.message)")
      }
      let counts = runs.map { countedInstructions(of: rule, in: $0) }
      if rule.metric == .instructions, rule.reference == nil, rule.comparison == .atMost || rule.comparison == .below,
        counts.allSatisfy({ $0 != nil }), let counted = counts.compactMap({ $0 }).max()
      {
        lines.append(instructionLine(content, rule: rule, counted: counted) + (note.map { " — " + $0 } ?? ""))
        continue
      }
      guard rule.reference != nil, rule.metric == .median, rule.comparison == .atMost || rule.comparison == .below
      else {
        lines.append(String(line))
        continue
      }
      let head = content.trimmingCharacters(in: .whitespaces)
      guard let operatorRange = head.range(of: rule.comparison.rawValue, options: .backwards) else {
        lines.append(String(line))
        continue
      }
      if let reason = runs.lazy.compactMap({ notATimeGate(rule, in: $0) }).first {
        let ruleText = head[..<operatorRange.lowerBound].trimmingCharacters(in: .whitespaces)
        lines.append("# not a time gate: \(ruleText) (\(reason))")
        continue
      }
      let measured = runs.map { measuredUpperEnd(of: rule, in: $0) }
      guard measured.allSatisfy({ $0 != nil }) else {
        lines.append(String(line))
        continue
      }
      let upper = measured.compactMap { $0?.upper }.max() ?? 0
      let ratios = measured.compactMap { $0?.ratio }
      // 1.6 × the interval's upper end keeps an unchanged rerun clear of the gate;
      // at most 1.9 × the smallest measured ratio keeps a 2× slowdown of any of
      // the runs from passing it. A rule whose interval reaches past that cannot
      // do both: its case is too noisy to gate at 2× (the comment says so).
      let cap = ratios.min().map { $0 * 1.9 } ?? .infinity
      // Rounded up, the margin's bound may pass the cap (11.04 to 12 over a
      // cap of 11.1): the cap, rounded down, wins.
      let bound = Swift.min(roundedUp(upper * margin), roundedDown(cap))
      let texts = measured.compactMap { $0?.text }
      let what =
        runs.count == 1 ? "measured \(texts[0])" : "measured \(texts.joined(separator: ", ")) in \(runs.count) runs"
      lines.append(
        "\(head[..<operatorRange.upperBound]) \(format(bound))  # \(what), 95% ≤ \(format(upper))"
          + (bound < upper * 1.1 ? " (too noisy to gate at 2×)" : "") + (note.map { " — " + $0 } ?? ""))
    }
    return lines.joined(separator: "\n")
  }

  /// The hand-written note of a rule's comment (the text after `#`): the whole
  /// comment, or what follows ` — ` after a measurement an earlier rewrite wrote;
  /// `nil` when there is none.
  static func note(inComment comment: String) -> String? {
    var text = comment.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("measured ") || text.hasPrefix("counted ") {
      guard let separator = text.range(of: " — ") else { return nil }
      text = String(text[separator.upperBound...]).trimmingCharacters(in: .whitespaces)
    }
    return text.isEmpty ? nil : text
  }

  /// Why a case the relative median `rule` covers in `run` is no time gate, or
  /// `nil` when every one is.
  static func notATimeGate(_ rule: CheckRule, in run: BenchmarkRun) -> String? {
    guard let reference = rule.reference else { return nil }
    for result in rule.matches(in: run) {
      let key = CaseKey(suite: result.suite, scenario: result.scenario, strategy: reference, size: result.size)
      let other = run.cases.first { $0.key == key }
      if let reason = TimeGate.exclusion(of: result, against: other) {
        return "\(result.suite)/\(result.scenario)[\(result.size)]: \(reason)"
      }
    }
    return nil
  }

  /// How far above its count an instruction rule's bound sits: 2%. A case's
  /// count repeats exactly for a build (each case counted in a fresh process),
  /// but depends on where its objects land on the heap, which a change of code
  /// elsewhere can move (by up to 1.2% on render-body@100 between two heaps); a
  /// change that adds a few instructions to an operation of a few hundred
  /// breaks the gate.
  public static let instructionTolerance = 0.02

  /// The largest instructions per operation over the rule's cases, or `nil` when
  /// one has no count.
  static func countedInstructions(of rule: CheckRule, in run: BenchmarkRun) -> Double? {
    let counts = rule.matches(in: run).map(\.instructionsPerOperation)
    guard !counts.isEmpty, counts.allSatisfy({ $0 != nil }) else { return nil }
    return counts.compactMap { $0 }.max()
  }

  /// The rule with its bound at the count plus ``instructionTolerance``, rounded up
  /// to three significant digits, however few instructions the operation takes:
  /// a read counted at 4 is bounded by 4.08, so one instruction more per
  /// unrolled iteration of 8 reads (4.125) breaks it.
  static func instructionLine(_ content: String, rule: CheckRule, counted: Double) -> String {
    let head = content.trimmingCharacters(in: .whitespaces)
    guard let operatorRange = head.range(of: rule.comparison.rawValue, options: .backwards) else { return head }
    let bound = roundedUp(counted * (1 + instructionTolerance), digits: 3)
    return "\(head[..<operatorRange.upperBound]) \(format(bound))  # counted \(format(counted))"
  }

  /// The largest upper end of the 95% interval (or the bound) of the ratio the
  /// rule measures over its cases, or `nil` when a case has none.
  static func measuredUpperEnd(of rule: CheckRule, in run: BenchmarkRun) -> (
    upper: Double, text: String, ratio: Double?
  )? {
    guard let reference = rule.reference else { return nil }
    var worst: (upper: Double, text: String, ratio: Double?)?
    for result in rule.matches(in: run) {
      let key = CaseKey(suite: result.suite, scenario: result.scenario, strategy: reference, size: result.size)
      guard let other = run.cases.first(where: { $0.key == key }), let ratio = PairedRatio.of(result, to: other)
      else { return nil }
      let upper: Double
      let text: String
      if let interval = PairedRatio.interval(of: result, to: other) {
        upper = interval.upperBound
        text = format(ratio)
      } else if case .below(let least) = Figure.ratio(
        result.medianFigure ?? .unresolved, over: other.medianFigure ?? .unresolved, value: nil,
        denominatorLow: other.statistics?.ciLow)
      {
        upper = least
        text = "< " + format(least)
      } else {
        upper = ratio
        text = format(ratio)
      }
      let value = text.hasPrefix("<") ? nil : ratio
      if upper > (worst?.upper ?? -.infinity) { worst = (upper, text, value) }
    }
    return worst
  }

  /// Rounded up to two significant digits, so a file reads `0.031`, not `0.03087`.
  static func roundedUp(_ value: Double, digits: Int = 2) -> Double {
    guard value > 0 else { return value }
    let scale = pow(10, floor(log10(value)) - Double(digits - 1))
    return (value / scale).rounded(.up) * scale
  }

  /// Rounded down to two significant digits.
  static func roundedDown(_ value: Double) -> Double {
    guard value > 0 else { return value }
    let scale = pow(10, floor(log10(value)) - 1)
    return (value / scale).rounded(.down) * scale
  }

  static func format(_ value: Double) -> String {
    if value >= 1e4, value < 1e15 { return String(format: "%.0f", value) }
    var text = String(format: "%.4g", value)
    if text.contains("e") { text = String(format: "%.6f", value) }
    return text
  }
}
