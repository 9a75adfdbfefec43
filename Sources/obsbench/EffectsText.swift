import BenchmarkKit
import BenchmarkReports

/// The lines `obsbench effects` prints: aligned plain-text tables of the effects
/// a run stored, per suite or per case.
enum EffectsText {
  /// The suites and choices to print, in the order to print them.
  struct Selection {
    var suites: [String]
    var choices: [String]
  }

  /// Per suite and choice: the geometric mean of its cases' effects, the lowest
  /// and highest case, how many cases have one and how many interact, and the
  /// worst over-notification.
  static func suiteLines(_ effects: RunEffects, selection: Selection) -> [String] {
    var rows = [
      ["suite", "choice", "effect", "median case", "lowest", "highest", "cases", "interacting", "over-notification"]
    ]
    for summary in summaries(effects, selection: selection) {
      rows.append([
        summary.suite, EffectText.title(ofChoice: summary.choice), EffectText.ratio(summary.ratio),
        EffectText.median(summary), EffectText.extreme(summary.lowest), EffectText.extreme(summary.highest),
        String(summary.cases),
        String(summary.interactingCases), EffectText.overNotification(summary.overNotification, choice: summary.choice),
      ])
    }
    return [legend, ""] + aligned(rows, rightAligned: [2, 6, 7])
  }

  /// Per suite and choice a heading with its summary, then a line per case:
  /// the effect with its 95% interval, the pairs used, the notifications when a
  /// side sends more than the fewest, and under it each interaction.
  static func caseLines(_ effects: RunEffects, selection: Selection) -> [String] {
    var lines = [legend]
    for summary in summaries(effects, selection: selection) {
      let choice = StrategyChoice(rawValue: summary.choice)
      lines += [
        "",
        "\(summary.suite) · \(EffectText.title(ofChoice: summary.choice)): \(EffectText.ratio(summary.ratio)) over "
          + "\(summary.cases) case\(summary.cases == 1 ? "" : "s"), median case \(EffectText.median(summary)) "
          + "(\(EffectText.extreme(summary.lowest)) … "
          + "\(EffectText.extreme(summary.highest))), \(summary.interactingCases) interacting",
      ]
      var rows = [["  case", "effect (95% interval)", "pairs", "notifications per op"]]
      var notes = [Int: [String]]()
      for effect in effects.cases where effect.suite == summary.suite && effect.choice == summary.choice {
        var notifications = ""
        if let load = effect.notifications, load.overNotifies {
          let levels = choice?.levels ?? (baseline: "A", alternative: "B")
          notifications =
            "\(levels.baseline) \(EffectText.count(load.baseline)), \(levels.alternative) "
            + "\(EffectText.count(load.alternative)); fewest \(EffectText.count(load.fewest))"
        }
        rows.append([
          "  " + EffectText.place(scenario: effect.scenario, size: effect.size),
          EffectText.effect(effect.ratio, interval: effect.interval),
          EffectText.pairs(effect) + (effect.pairs.count < effect.candidatePairs ? " used" : ""), notifications,
        ])
        let interactions = EffectText.interactions(effect)
        if !interactions.isEmpty { notes[rows.count - 1] = interactions.map { "      INTERACTION \($0)" } }
      }
      for (index, line) in aligned(rows, rightAligned: []).enumerated() {
        lines.append(line)
        lines += notes[index] ?? []
      }
    }
    return lines
  }

  /// What the figures are, above every table.
  static let legend = """
    Effect of a choice A → B: B's time over A's on matched pairs of strategies that differ in that choice only
    (median of per-round ratios); per case the geometric mean over its pairs with a 95% interval, per suite the
    geometric mean over its cases, beside the median case and how many cases' intervals lie below 1, hold it and
    lie above it. INTERACTION: a case whose pairs disagree beyond chance (Cochran's Q against a chi-square,
    at most 1% false positives per case), naming the pairs that differ.
    """

  /// The stored summaries of the selected suites and choices, in selection order.
  private static func summaries(_ effects: RunEffects, selection: Selection) -> [SuiteEffect] {
    selection.suites.flatMap { suite in
      selection.choices.compactMap { choice in
        effects.suites.first { $0.suite == suite && $0.choice == choice }
      }
    }
  }

  /// `rows` as lines with every column padded to its widest cell; the columns
  /// `rightAligned` are padded on the left. Trailing spaces are dropped.
  static func aligned(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
    return rows.map { row in
      var line = ""
      for (column, cell) in row.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        line += (column == 0 ? "" : "  ") + (rightAligned.contains(column) ? padding + cell : cell + padding)
      }
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }
}
