import BenchmarkKit

extension RunComparison {
  /// Every row as CSV, one case a line, for scripts that count verdicts
  /// (scripts/gate-trial): the case's fields, both published medians (a bound
  /// as `<x`), the judged change and its interval, the p-value, the verdict,
  /// whether it gates, the smallest change the comparison could have seen,
  /// and, in an A/B run, the instructions per operation both builds ran where
  /// they were counted and equal (a slower such case is placement, not gated).
  public func csv() -> String {
    var lines = [
      CSVField.row([
        "suite", "scenario", "strategy", "size", "baseline_ns", "current_ns", "change", "change_low", "change_high",
        "p", "verdict", "gated", "detectable_change", "same_instructions",
      ])
    ]
    for row in rows {
      lines.append(
        CSVField.row([
          row.key.suite, row.key.scenario, row.key.strategy, String(row.key.size), Self.csvFigure(row.baseline),
          Self.csvFigure(row.current), Self.csvFigure(row.change), row.interval.map { String($0.lowerBound) } ?? "",
          row.interval.map { String($0.upperBound) } ?? "", row.pValue.map { String($0) } ?? "", row.verdict.rawValue,
          gates(row) ? "yes" : "no", row.detectable.map { String($0) } ?? "",
          row.sameInstructions.map { String($0) } ?? "",
        ]))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func csvFigure(_ figure: Figure?) -> String {
    switch figure {
    case .value(let value)?: String(value)
    case .below(let bound)?: "<\(bound)"
    case .above(let bound)?: ">\(bound)"
    case .unresolved?, nil: ""
    }
  }
}
