import BenchmarkKit

extension RunComparison {
  /// The comparison for a CI job summary or a pull-request comment: the counts,
  /// the geometric mean and the significant changes only (regressions first).
  public func markdown(title: String = "Compared with the baseline") -> String {
    var lines = ["## \(title)", "", "**\(verdictLine)**", "", machine.summary + ".", "", countsLine]
    if let powerLine { lines += ["", powerLine + "."] }
    let significant = significantRows
    let ungated = rows.filter { $0.verdict == .regressed && !gates($0) && !$0.placementOnly }.count
    if significant.isEmpty {
      lines += [
        "",
        "No gated change beyond \(NumberFormat.fixed(threshold * 100, 1))%"
          + (ungated > 0
            ? "; \(ungated) case\(ungated == 1 ? "" : "s") \(Self.slowerNotGated) (see the counts above)." : "."),
      ]
    } else {
      lines += [
        "", "| case | baseline | current | beyond machine | 99% CI | detects | verdict |",
        "|---|---:|---:|---:|---:|---:|---|",
      ]
      for row in significant {
        let name = row.key.description.replacingOccurrences(of: "|", with: "\\|")
        let verdict = row.verdict == .improved || !gates(row) ? verdictLabel(row) : "**\(verdictLabel(row))**"
        lines.append(
          "| \(name) | \(figureText(row.baseline)) | \(figureText(row.current)) | \(changeText(row.change)) | "
            + "\(intervalText(row.interval)) | \(row.detectableText) | \(verdict) |"
        )
      }
    }
    let noisy = count(.withinNoise)
    if noisy > 0 {
      lines += [
        "",
        "\(noisy) case\(noisy == 1 ? "" : "s") moved by more than the threshold but not beyond the noise of the "
          + "samples.",
      ]
    }
    if !standings.isEmpty {
      lines += ["", "| strategy | cases | standing against apple |", "|---|---:|---:|"]
      for standing in standings {
        lines.append("| \(standing.strategy) | \(standing.cases) | \(changeText(standing.change)) |")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// What fails the gate, then cases slower with the same instructions on
  /// both builds (shown, not gated), then improvements, each by size of the
  /// change.
  var significantRows: [Row] {
    let bad = gateFailures.sorted { ($0.change?.number ?? .infinity) > ($1.change?.number ?? .infinity) }
    let placed = rows.filter(\.placementOnly).sorted { ($0.change?.number ?? 0) > ($1.change?.number ?? 0) }
    let good = rows.filter { $0.verdict == .improved }.sorted { ($0.change?.number ?? 0) < ($1.change?.number ?? 0) }
    return bad + placed + good
  }
}
