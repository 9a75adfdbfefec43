import BenchmarkKit

extension RunComparison {
  /// The comparison for a CI job summary or a pull-request comment: the counts,
  /// the geometric mean and the significant changes only (regressions first).
  public func markdown(title: String = "Compared with the baseline") -> String {
    var lines = ["## \(title)", "", "**\(verdictLine)**", "", countsLine]
    let significant = significantRows
    if significant.isEmpty {
      lines += ["", "No significant change beyond \(NumberFormat.fixed(threshold * 100, 1))%."]
    } else {
      lines += ["", "| case | baseline | current | change | 99% CI of ratio | verdict |", "|---|---:|---:|---:|---:|---|"]
      for row in significant {
        let name = row.key.description.replacingOccurrences(of: "|", with: "\\|")
        let verdict = row.verdict == .improved ? row.verdict.rawValue : "**\(row.verdict.rawValue)**"
        lines.append(
          "| \(name) | \(NumberFormat.nanoseconds(row.baseline)) | \(NumberFormat.nanoseconds(row.current)) | \(changeText(row.ratio)) | \(intervalText(row.interval)) | \(verdict) |")
      }
    }
    let noisy = count(.withinNoise)
    if noisy > 0 {
      lines += ["", "\(noisy) case\(noisy == 1 ? "" : "s") moved by more than the threshold but not beyond the noise of the samples."]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Regressions and failures, then improvements, each by size of the change.
  var significantRows: [Row] {
    let bad = rows.filter { $0.verdict == .regressed || $0.verdict == .failed }
      .sorted { ($0.ratio ?? .infinity) > ($1.ratio ?? .infinity) }
    let good = rows.filter { $0.verdict == .improved }.sorted { ($0.ratio ?? 0) < ($1.ratio ?? 0) }
    return bad + good
  }
}
