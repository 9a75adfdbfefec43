import BenchmarkKit

/// What a run with stack placements (`run --stack-placements`) found: how many
/// cases moved with placement beyond their noise, against how many chance
/// alone would list, and those cases furthest above their noise first. One
/// model, so that `summary.md` and `report.html` say the same.
struct PlacementFindings {
  /// The cases judged (those with a ``PlacementEffect``).
  let judged: Int
  /// The cases that moved with placement, furthest above their noise first.
  let moved: [(result: CaseResult, effect: PlacementEffect)]
  /// How many placements the run spread its samples over.
  let placements: Int?

  /// The findings of `run`; `nil` for a run that kept the stack in place.
  init?(_ run: BenchmarkRun) {
    let effects = run.cases.compactMap { result in result.placement.map { (result: result, effect: $0) } }
    guard !effects.isEmpty else { return nil }
    judged = effects.count
    // A ratio, so that a noisy case's wide range does not outrank a quiet
    // case's clear one.
    moved = effects.filter { $0.effect.movesWithPlacement }
      .sorted { $0.effect.spread / $0.effect.shuffledSpread > $1.effect.spread / $1.effect.shuffledSpread }
    placements = run.settings.stackPlacements
  }

  /// How many cases a test at 5% lists with no placement effect at all.
  var byChance: Int { Int((0.05 * Double(judged)).rounded()) }

  /// The section's one paragraph.
  var sentence: String {
    "Each sample ran with the stack at one of \(placements.map(String.init) ?? "several") placements over a page. "
      + "A case moves with placement where the range of its placements' medians is above what the same samples "
      + "reach with their placements shuffled (95th percentile of \(PlacementEffect.shuffles) shuffles): "
      + "\(moved.count) of \(judged) cases here, where about \(byChance) would be by chance alone (5%)."
  }

  /// The column headings of the table of moved cases.
  static let columns = ["case", "strategy", "placements", "range of their medians", "noise alone reaches"]

  /// The table's rows: the ten cases furthest above their noise.
  var rows: [[String]] {
    moved.prefix(10).map { result, effect in
      [
        "\(result.suite)/\(result.scenario)[\(result.size)]", result.strategy, "\(effect.placements)",
        Self.percent(effect.spread), Self.percent(effect.shuffledSpread),
      ]
    }
  }

  private static func percent(_ fraction: Double) -> String {
    NumberFormat.fixed(fraction * 100, 1) + "%"
  }
}
