import BenchmarkKit

/// The model behind the summary tables of `summary.md` and `report.html`: per
/// suite, one row per scenario and size, one column per strategy, and in each
/// cell every run's median and ratio to `apple` as the run published them
/// (``CaseResult/published``).
struct SummaryTable {
  /// One run's value of one cell.
  struct Value {
    /// The published median ns per operation: a value or a bound.
    var median: Figure?
    /// The published ratio to the reference measured in the same run (paired per
    /// round), a value or a bound.
    var ratio: Figure?
    /// The 95% interval of ``ratio`` when it is a value.
    var ratioInterval: ClosedRange<Double>?
    /// Whether the case failed.
    var failed: Bool
    /// The case's marks (``CaseMark``), each with what the case says about it.
    var marks: [(mark: CaseMark, detail: String)]
    /// How many samples the case's figures rest on.
    var samples: SampleCount

    /// The ratio's resolved value, for colouring; `nil` for a bound.
    var ratioValue: Double? { ratio?.value }
  }

  /// One scenario and size.
  struct Row {
    var scenario: String
    var size: Int
    /// The scenario's API forms where its rows' differ (``ScenarioForm``), so the
    /// table can say which rows are idiomatic and which like for like.
    var form: ScenarioForm?
    /// Per strategy, per run: `nil` where the run did not measure it.
    var cells: [[Value?]]
  }

  var suite: String
  var strategies: [String]
  var rows: [Row]
  /// How many runs each cell holds.
  var runCount: Int

  var hasReference: Bool { strategies.contains(ReferenceStrategy.apple) }

  /// One table per suite of `runs`, in the order the runs measured them.
  static func tables(of runs: [BenchmarkRun]) -> [SummaryTable] {
    var suites = [String]()
    for result in runs.flatMap(\.cases) where !suites.contains(result.suite) {
      suites.append(result.suite)
    }
    let forms = runs.reduce(into: [String: ScenarioForm]()) { all, run in
      all.merge(run.scenarioForms ?? [:]) { _, later in later }
    }
    let byKey = runs.map { run in Dictionary(run.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last }) }
    return suites.map { suite in
      var strategies = [String]()
      var rows = [Row]()
      var seenRows = Set<String>()
      for result in runs.flatMap(\.cases) where result.suite == suite {
        if !strategies.contains(result.strategy) { strategies.append(result.strategy) }
        if seenRows.insert("\(result.scenario)\u{0}\(result.size)").inserted {
          rows.append(
            Row(scenario: result.scenario, size: result.size, form: forms["\(suite)/\(result.scenario)"], cells: []))
        }
      }
      strategies = StrategyOrder.sorted(strategies)
      for index in rows.indices {
        let row = rows[index]
        rows[index].cells = strategies.map { strategy in
          byKey.map { cases -> Value? in
            let key = { (id: String) in CaseKey(suite: suite, scenario: row.scenario, strategy: id, size: row.size) }
            guard let result = cases[key(strategy)] else { return nil }
            let published = result.failure == nil ? result.published : nil
            return Value(
              median: published?.medianNs,
              ratio: strategy == ReferenceStrategy.apple ? nil : published?.ratioToApple,
              ratioInterval: strategy == ReferenceStrategy.apple ? nil : published?.ratioInterval,
              failed: result.failure != nil,
              marks: CaseMark.marks(of: result).map { ($0, $0.detail(for: result)) },
              samples: SampleCount(of: result))
          }
        }
      }
      return SummaryTable(suite: suite, strategies: strategies, rows: rows, runCount: runs.count)
    }
  }

  /// One table per suite of `run`.
  static func tables(of run: BenchmarkRun) -> [SummaryTable] {
    tables(of: [run])
  }
}
