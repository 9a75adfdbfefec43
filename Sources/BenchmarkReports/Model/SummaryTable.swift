import BenchmarkKit

/// The model behind the summary tables of `summary.md` and `report.html`: per
/// suite, one row per scenario and size, one column per strategy.
struct SummaryTable {
  /// The strategy every ratio is taken against.
  static let reference = "apple"

  struct Cell {
    var median: Double?
    var ratio: Double?
    var failed: Bool
  }

  struct Row {
    var scenario: String
    var size: Int
    var cells: [Cell?]
  }

  var suite: String
  var summary: String?
  var strategies: [String]
  var rows: [Row]

  var hasReference: Bool { strategies.contains(Self.reference) }

  /// One table per suite, in the order the run measured them.
  static func tables(of run: BenchmarkRun) -> [SummaryTable] {
    var suites = [String]()
    for result in run.cases where !suites.contains(result.suite) {
      suites.append(result.suite)
    }
    return suites.map { suite in
      let cases = run.cases.filter { $0.suite == suite }
      var strategies = [String]()
      var rowKeys = [String]()
      var rows = [String: Row]()
      for result in cases {
        if !strategies.contains(result.strategy) { strategies.append(result.strategy) }
        let rowKey = "\(result.scenario)\u{0}\(result.size)"
        if rows[rowKey] == nil {
          rowKeys.append(rowKey)
          rows[rowKey] = Row(scenario: result.scenario, size: result.size, cells: [])
        }
      }
      let byKey = Dictionary(cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
      let filled = rowKeys.map { rowKey -> Row in
        var row = rows[rowKey]!
        let reference = byKey[CaseKey(suite: suite, scenario: row.scenario, strategy: Self.reference, size: row.size)]?
          .statistics?.median
        row.cells = strategies.map { strategy in
          guard let result = byKey[CaseKey(suite: suite, scenario: row.scenario, strategy: strategy, size: row.size)]
          else { return nil }
          let median = result.statistics?.median
          // A ratio to a reference that rounds to nothing would be noise, not information.
          let ratio = median.flatMap { median in reference.flatMap { $0 > 0.05 ? median / $0 : nil } }
          return Cell(median: median, ratio: ratio, failed: result.failure != nil)
        }
        return row
      }
      return SummaryTable(suite: suite, summary: nil, strategies: strategies, rows: filled)
    }
  }
}
