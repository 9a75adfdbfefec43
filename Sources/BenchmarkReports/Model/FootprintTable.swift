import BenchmarkKit

/// The memory one footprint scenario's things held, per size and strategy:
/// what `summary.md` and `report.html` show beside the time to make them.
struct FootprintTable {
  /// One size: each strategy's measurement.
  struct Row {
    var size: Int
    var cells: [String: HeldMemory]
  }

  var suite: String
  var scenario: String
  /// In report order: the core's strategies, then `apple` and `none`.
  var strategies: [String]
  /// By size, smallest first.
  var rows: [Row]
  /// Per strategy, the slope of log(held bytes) against log(things): 1 when
  /// each thing holds the same, above 1 when a thing holds more as there are
  /// more of them; `nil` with fewer than two sizes.
  var exponents: [String: Double]

  /// The tables of every scenario of `run` whose cases measured held memory,
  /// in the run's order.
  static func tables(of run: BenchmarkRun) -> [FootprintTable] {
    var order = [String]()
    var groups = [String: [CaseResult]]()
    for result in run.cases where result.heldMemory != nil && result.failure == nil {
      let name = "\(result.suite)/\(result.scenario)"
      if groups[name] == nil { order.append(name) }
      groups[name, default: []].append(result)
    }
    return order.map { name in
      let results = groups[name]!
      var seen = Set<String>()
      let strategies = StrategyOrder.sorted(results.map(\.strategy).filter { seen.insert($0).inserted })
      let sizes = Set(results.map(\.size)).sorted()
      let rows = sizes.map { size in
        Row(
          size: size,
          cells: Dictionary(
            results.filter { $0.size == size }.map { ($0.strategy, $0.heldMemory!) }, uniquingKeysWith: { a, _ in a }))
      }
      var exponents = [String: Double]()
      for strategy in strategies {
        let points = rows.compactMap { row in row.cells[strategy].map { (size: $0.items, median: $0.heldBytes) } }
        exponents[strategy] = GrowthFit.slope(points: points)
      }
      return FootprintTable(
        suite: results[0].suite, scenario: results[0].scenario, strategies: strategies, rows: rows,
        exponents: exponents)
    }
  }

  /// What the largest size says, in one sentence: the fewest bytes per thing
  /// of the core's strategies, apple's and none's, and the bytes per thing of
  /// the strategy fastest to make one more beside them.
  func headline(in run: BenchmarkRun, thing: String) -> String? {
    guard let row = rows.last else { return nil }
    let core = row.cells.filter { ![ReferenceStrategy.apple, ReferenceStrategy.floor].contains($0.key) }
    guard let least = core.min(by: { ($0.value.bytesPerItem, $0.key) < ($1.value.bytesPerItem, $1.key) }) else {
      return nil
    }
    var parts = ["least `\(least.key)` \(Self.bytes(least.value.bytesPerItem))"]
    let fastest = run.cases.filter {
      $0.suite == suite && $0.scenario == scenario && $0.size == row.size && core[$0.strategy] != nil
        && $0.published?.medianNs.value != nil
    }.min { ($0.published!.medianNs.value!, $0.strategy) < ($1.published!.medianNs.value!, $1.strategy) }
    if let fastest, let held = core[fastest.strategy] {
      parts.append("fastest to add one `\(fastest.strategy)` \(Self.bytes(held.bytesPerItem))")
    }
    for reference in [ReferenceStrategy.apple, ReferenceStrategy.floor] {
      if let held = row.cells[reference] { parts.append("`\(reference)` \(Self.bytes(held.bytesPerItem))") }
    }
    return "\(scenario), bytes per \(thing) at \(NumberFormat.grouped(row.size)): " + parts.joined(separator: ", ")
  }

  /// `1 271 B`, never wrapped.
  static func bytes(_ value: Double) -> String {
    NumberFormat.grouped(Int(value.rounded())) + "\u{00A0}B"
  }

  /// What each scenario of the footprint suite holds: its things' name.
  static func thing(_ scenario: String) -> String {
    switch scenario {
    case "models": "observed model"
    case "rows": "observed row"
    case "scopes": "armed scope"
    default: "thing"
    }
  }
}
