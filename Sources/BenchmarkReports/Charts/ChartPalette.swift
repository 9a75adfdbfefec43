import BenchmarkKit
import Foundation

/// The colours of the report: one per strategy, the same in every chart, and the
/// better-to-worse scale of the summary table.
///
/// A strategy's hue says its registrar and scope (lock-thread blue, lock-task
/// green, actor-thread orange, actor-task purple); a dark shade is key-path
/// invalidation, a light one whole-object invalidation, a darker one a
/// refinement such as `+identity`. `apple` is black and `none` grey, so the
/// reference and the floor stand out from the matrix.
enum ChartPalette {
  /// The reference strategy's colour.
  static let apple = "#111111"
  /// The floor's colour.
  static let none = "#a0a0a0"

  private static let families: [String: (keypath: String, whole: String, refined: String)] = [
    "lock-thread": ("#2f6fba", "#8db9e8", "#123f75"),
    "lock-task": ("#2e9457", "#98d6a8", "#145c31"),
    "actor-thread": ("#d2691e", "#f4b07a", "#8a3f08"),
    "actor-task": ("#8a4cb0", "#cfaee6", "#552a70"),
  ]

  private static let fallback = ["#c23b5a", "#1a9aa0", "#b8952a", "#6b6b9e", "#7a8f2a", "#a0522d"]

  /// The colour of strategy `id`.
  static func color(of id: String) -> String {
    switch id {
    case ReferenceStrategy.apple: return apple
    case ReferenceStrategy.floor: return none
    default: break
    }
    let refined = id.contains("+")
    let base = id.split(separator: "+").first.map(String.init) ?? id
    let parts = base.split(separator: "-")
    if parts.count == 3, let family = families["\(parts[0])-\(parts[1])"] {
      if refined { return family.refined }
      return parts[2] == "whole" ? family.whole : family.keypath
    }
    return fallback[Int(stableHash(id) % UInt64(fallback.count))]
  }

  /// The dash pattern of run number `index` in a chart of several runs: the
  /// first solid, later ones dashed, so runs differ without new colours.
  static func dash(ofRun index: Int) -> String? {
    runDashes[index % runDashes.count]
  }

  private static let runDashes: [String?] = [nil, "7 4", "2 3", "9 3 2 3"]

  /// The fill of bar series `index` of several runs: solid, then lighter.
  static func opacity(ofRun index: Int, of count: Int) -> Double {
    count <= 1 ? 1 : 1 - 0.55 * Double(index) / Double(count - 1)
  }

  /// The background of a summary cell with `ratio` to the reference: green when
  /// cheaper, red when dearer, saturating at 8× either way; white at 1×.
  static func ratioBackground(_ ratio: Double) -> String {
    guard ratio.isFinite, ratio > 0 else { return "#ffffff" }
    let strength = min(1, abs(log2(ratio)) / 3)
    // Mix white with the end colour; the end colours stay light enough for black text.
    let end: (Double, Double, Double) = ratio < 1 ? (99, 190, 123) : (233, 110, 100)
    let mix = { (channel: Double) in Int((255 + (channel - 255) * strength).rounded()) }
    return String(format: "#%02x%02x%02x", mix(end.0), mix(end.1), mix(end.2))
  }

  private static func stableHash(_ text: String) -> UInt64 {
    text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
  }
}
