import Foundation
import BenchmarkKit

extension RunComparison {
  /// A plain-text table of every row, then the counts, the geometric mean and a
  /// one-line verdict.
  public func render() -> String {
    let header = ["case", "baseline", "current", "change", "99% CI of ratio", "p", "verdict"]
    var table = [header]
    for row in rows {
      table.append([
        row.key.description, NumberFormat.nanoseconds(row.baseline), NumberFormat.nanoseconds(row.current),
        changeText(row.ratio), intervalText(row.interval), pText(row.pValue), row.verdict.rawValue,
      ])
    }
    let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
    var lines = table.map { fields in
      fields.enumerated().map { column, field in
        let padding = String(repeating: " ", count: widths[column] - field.count)
        // Names left-aligned, numbers right-aligned.
        return column == 0 || column == header.count - 1 ? field + padding : padding + field
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    lines.append("")
    lines.append(countsLine)
    lines.append(verdictLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `improved 2, regressed 1, …, geometric mean 1.02× (+2.0%) over N cases`.
  var countsLine: String {
    let counts = Verdict.allCases.compactMap { verdict -> String? in
      let count = count(verdict)
      return count == 0 ? nil : "\(verdict.rawValue) \(count)"
    }
    var line = counts.joined(separator: ", ")
    if let mean = geometricMean {
      line += "; geometric mean of \(rows.compactMap(\.ratio).count) ratios \(NumberFormat.ratio(mean)) (\(changeText(mean)))"
    }
    if let noise = runToRunNoise {
      line += "; run-to-run noise ±\(NumberFormat.fixed((exp(noise) - 1) * 100, 1))% (a change must exceed \(NumberFormat.fixed(options.noiseMultiple, 0))× that)"
    }
    return line
  }

  /// The outcome in one line, as CI logs show it.
  var verdictLine: String {
    let count = regressions.count
    let percent = NumberFormat.fixed(threshold * 100, 1)
    return count == 0
      ? "no regression beyond \(percent)% in \(rows.count) cases"
      : "\(count) regression\(count == 1 ? "" : "s") beyond \(percent)% in \(rows.count) cases"
  }

  func changeText(_ ratio: Double?) -> String {
    guard let ratio, ratio.isFinite else { return "–" }
    let percent = (ratio - 1) * 100
    return (percent >= 0 ? "+" : "") + NumberFormat.fixed(percent, 1) + "%"
  }

  func intervalText(_ interval: ClosedRange<Double>?) -> String {
    guard let interval else { return "–" }
    return "\(NumberFormat.fixed(interval.lowerBound, 3))–\(NumberFormat.fixed(interval.upperBound, 3))"
  }

  func pText(_ p: Double?) -> String {
    guard let p else { return "–" }
    return p < 0.0001 ? "<0.0001" : NumberFormat.fixed(p, 4)
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = Substring(self)
    while text.hasSuffix(" ") { text = text.dropLast() }
    return String(text)
  }
}
