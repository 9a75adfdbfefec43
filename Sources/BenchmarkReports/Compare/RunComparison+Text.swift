import BenchmarkKit
import Foundation

extension RunComparison {
  /// The machine factor in one line, a plain-text table of the rows, each
  /// strategy's change of standing against `apple`, the counts and a one-line
  /// verdict.
  ///
  /// - Parameter all: every row; otherwise only what is not clean (any
  ///   verdict but `unchanged` and `within-noise`), with a line saying how
  ///   many rows are left out and how to list them. A full run compared with
  ///   itself is 2 500 rows of nothing.
  public func render(all: Bool = true) -> String {
    let header = ["case", "baseline", "current", "raw", "beyond machine", "99% CI", "p", "detects", "verdict"]
    var table = [header]
    let shown = all ? rows : rows.filter { $0.verdict != .unchanged && $0.verdict != .withinNoise }
    for row in shown {
      table.append([
        row.key.description, figureText(row.baseline), figureText(row.current), changeText(row.ratio),
        changeText(row.change), intervalText(row.interval), pText(row.pValue), row.detectableText,
        verdictLabel(row),
      ])
    }
    var lines = [machine.summary, ""]
    if shown.isEmpty {
      lines.append("Every case unchanged or within its noise.")
    } else {
      lines += Self.aligned(table, leftColumns: [0, header.count - 1])
    }
    if shown.count < rows.count {
      lines.append(
        "(\(rows.count - shown.count) unchanged or within-noise case\(rows.count - shown.count == 1 ? "" : "s") "
          + "not listed; --all lists every case)")
    }
    if !standings.isEmpty {
      lines += ["", "Standing against apple, measured side by side in each run (machine speed cannot move it):"]
      var standingTable = [["strategy", "cases", "median change", "range"]]
      for standing in standings {
        standingTable.append([
          standing.strategy, String(standing.cases), changeText(standing.change),
          "\(changeText(standing.range.lowerBound)) … \(changeText(standing.range.upperBound))",
        ])
      }
      lines += Self.aligned(standingTable, leftColumns: [0])
    }
    lines.append("")
    lines.append(countsLine)
    if let powerLine { lines.append(powerLine) }
    lines.append(verdictLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `improved 2, regressed 1, …; geometric mean …; noise multiple 4.1`.
  var countsLine: String {
    // A change of speed that cannot fail the gate is counted as such, so the
    // counts and the verdict line never tell two stories.
    let ungated = rows.filter { ($0.verdict == .regressed || $0.verdict == .improved) && !gates($0) }
    var counts = Verdict.allCases.compactMap { verdict -> String? in
      let count = count(verdict) - ungated.filter { $0.verdict == verdict }.count
      return count == 0 ? nil : "\(verdict.rawValue) \(count)"
    }
    for (verdict, label) in [(Verdict.regressed, Self.slowerNotGated), (.improved, "faster, not gated")] {
      let count = ungated.filter { $0.verdict == verdict && !$0.placementOnly }.count
      if count > 0 { counts.append("\(label) \(count)") }
    }
    let placed = ungated.filter(\.placementOnly).count
    if placed > 0 { counts.append("\(Self.slowerSameInstructions) \(placed)") }
    let againstReference = rows.filter(\.fasterOnlyAgainstReference).count
    if againstReference > 0 {
      counts.append(
        "faster only against a reference that slowed \(againstReference) (counted unchanged or within noise)")
    }
    var line = counts.joined(separator: ", ")
    if let mean = geometricMean {
      line +=
        "; geometric mean of \(rows.compactMap(\.ratio).count) raw ratios \(NumberFormat.ratio(mean)) "
        + "(\(changeText(mean)))"
    }
    line +=
      "; a change must exceed \(NumberFormat.fixed(threshold * 100, 1))% and \(NumberFormat.fixed(noiseMultiple, 1))× "
      + "its noise"
    return line
  }

  /// What this comparison could have seen, per suite: the median detectable
  /// change of its judged cases and how many of them could have seen a change
  /// of the threshold (`reads: detects ≥ 8% (median), 40 of 42 cases resolve
  /// 5%`); `nil` when no case was judged as two values.
  public var powerLine: String? {
    let judged = rows.filter { $0.detectable != nil && gates($0) }
    guard !judged.isEmpty else { return nil }
    let suites = Dictionary(grouping: judged, by: \.key.suite).sorted { $0.key < $1.key }
    let percent = NumberFormat.fixed(threshold * 100, 1)
    let parts = suites.map { suite, rows -> String in
      let values = rows.compactMap(\.detectable).sorted()
      let median = Statistics.median(values) ?? 0
      let resolved = values.filter { $0 <= threshold + 1e-12 }.count
      return "\(suite): detects ≥ \(NumberFormat.fixed(median * 100, 1))% (median), \(resolved) of \(values.count) "
        + "cases resolve \(percent)%"
    }
    return "What this comparison could see, per suite: " + parts.joined(separator: "; ")
  }

  /// The outcome in one line, as CI logs show it.
  var verdictLine: String {
    let percent = NumberFormat.fixed(threshold * 100, 1)
    let failures = gateFailures
    guard !failures.isEmpty else {
      let missing = count(.missing)
      var note = missing > 0 ? " (\(missing) baseline case\(missing == 1 ? "" : "s") missing, allowed)" : ""
      let moved = rows.filter {
        $0.verdict == .regressed && options.referenceStrategies.contains($0.key.strategy) && !gates($0)
      }.count
      if moved > 0 {
        note +=
          "; \(moved) \(options.referenceStrategies.sorted().joined(separator: "/")) case\(moved == 1 ? "" : "s") "
          + "slower beyond the threshold: the machine's, not gated"
      }
      let small = rows.filter {
        $0.verdict == .regressed && !gates($0) && !$0.placementOnly
          && (paired || !options.referenceStrategies.contains($0.key.strategy))
      }.count
      if small > 0, let floor = options.ungatedBelowNs {
        note +=
          "; \(small) case\(small == 1 ? "" : "s") under \(NumberFormat.fixed(floor, 0)) ns slower beyond the noise: "
          + "not gated by time (instruction counts judge those)"
      }
      let placed = rows.filter(\.placementOnly)
      if !placed.isEmpty {
        note +=
          "; \(placed.count) case\(placed.count == 1 ? "" : "s") slower with exactly the same instructions on both "
          + "builds (\(placed.map(\.key.description).joined(separator: ", "))): placement, not this change's work; "
          + "not gated"
      }
      // "No regression" where the run could not have seen one is said as such.
      let unresolved = rows.compactMap(\.detectable).filter { $0 > threshold + 1e-12 }
      if !unresolved.isEmpty {
        let median = Statistics.median(unresolved.sorted()) ?? 0
        note +=
          "; \(unresolved.count) of them not resolved at \(percent)% (the smallest change they could show: "
          + "\(NumberFormat.fixed(median * 100, 1))%, median)"
      }
      return "no regression beyond \(percent)% in \(common.count) common cases\(note)"
    }
    let parts: [(Verdict, String, String)] = [
      (.regressed, "regression", "regressions"), (.failed, "failed case", "failed cases"),
      (.notEnoughSamples, "change with not enough samples to judge", "changes with not enough samples to judge"),
      (.missing, "missing case", "missing cases"),
    ]
    let counted = parts.compactMap { verdict, one, many -> String? in
      let count = failures.filter { $0.verdict == verdict }.count
      return count == 0 ? nil : "\(count) \(count == 1 ? one : many)"
    }
    return "FAIL: " + counted.joined(separator: ", ") + " (threshold \(percent)%, \(rows.count) cases)"
  }

  /// A published median: `17.3`, or `< 0.80` for a bound.
  func figureText(_ figure: Figure?) -> String {
    switch figure {
    case .value(let value)?: NumberFormat.nanoseconds(value)
    case .below(let bound)?: "< " + NumberFormat.nanoseconds(bound)
    case .above(let bound)?: "> " + NumberFormat.nanoseconds(bound)
    case .unresolved?, nil: "–"
    }
  }

  func changeText(_ ratio: Double?) -> String {
    guard let ratio, ratio.isFinite else { return "–" }
    let percent = (ratio - 1) * 100
    return (percent >= 0 ? "+" : "") + NumberFormat.fixed(percent, 1) + "%"
  }

  /// A change that may be a bound: `+3.0%`, `> +270.0%`, `< -40.0%`.
  func changeText(_ change: Figure?) -> String {
    switch change {
    case .value(let ratio)?: changeText(ratio)
    case .below(let ratio)?: "< " + changeText(ratio)
    case .above(let ratio)?: "> " + changeText(ratio)
    case .unresolved?: "bounds"
    case nil: "–"
    }
  }

  func intervalText(_ interval: ClosedRange<Double>?) -> String {
    guard let interval else { return "–" }
    return "\(NumberFormat.fixed(interval.lowerBound, 3))–\(NumberFormat.fixed(interval.upperBound, 3))"
  }

  func pText(_ p: Double?) -> String {
    guard let p else { return "–" }
    return p < 0.0001 ? "<0.0001" : NumberFormat.fixed(p, 4)
  }

  /// Rows padded to columns: `leftColumns` left-aligned, the rest right-aligned.
  static func aligned(_ table: [[String]], leftColumns: Set<Int>) -> [String] {
    guard let first = table.first else { return [] }
    let widths = first.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
    return table.map { fields in
      fields.enumerated().map { column, field in
        let padding = String(repeating: " ", count: widths[column] - field.count)
        return leftColumns.contains(column) ? field + padding : padding + field
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = Substring(self)
    while text.hasSuffix(" ") { text = text.dropLast() }
    return String(text)
  }
}
