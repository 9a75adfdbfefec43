import BenchmarkKit

/// One suite's headline case followed across three or more runs (one per commit,
/// say): per strategy and run, the published ratio to `apple` and the median,
/// each with its 95% interval, as ``TrendChart`` draws them.
struct Trend {
  /// One strategy's figures in one run.
  struct Point {
    /// The ratio to `apple` in that run: a value or a bound.
    var ratio: Figure?
    /// The ratio's 95% interval, when the ratio is a value.
    var ratioInterval: ClosedRange<Double>?
    /// The median ns per operation: a value or a bound.
    var median: Figure
    /// The 95% interval of the median, when both ends resolved.
    var medianInterval: ClosedRange<Double>?
  }

  /// The suite.
  var suite: String
  /// The suite's headline scenario.
  var scenario: String
  /// The size followed: the largest the last run measured.
  var size: Int
  /// The strategies any run measured there, in report order.
  var strategies: [String]
  /// Per strategy, one point per run (`nil` where the run has no valid case).
  var points: [String: [Point?]]

  /// One trend per suite of the last run, at its headline scenario's largest
  /// size, across every run of `runs`.
  static func trends(of runs: ReportRuns) -> [Trend] {
    let latest = runs.latest
    var suites = [String]()
    for result in latest.cases where !suites.contains(result.suite) { suites.append(result.suite) }
    let published = runs.entries.map { entry in
      Dictionary(entry.run.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    }
    return suites.compactMap { suite -> Trend? in
      guard let scenario = latest.suiteHeadlines?[suite] ?? latest.cases.first(where: { $0.suite == suite })?.scenario,
        let size = latest.cases.filter({ $0.suite == suite && $0.scenario == scenario }).map(\.size).max()
      else { return nil }
      var strategies = [String]()
      // In the order the runs measured them, as every other chart of the report.
      for entry in runs.entries {
        for result in entry.run.cases
        where result.suite == suite && result.scenario == scenario && result.size == size {
          if !strategies.contains(result.strategy) { strategies.append(result.strategy) }
        }
      }
      strategies = StrategyOrder.sorted(strategies)
      var points = [String: [Point?]]()
      for strategy in strategies {
        points[strategy] = published.map { cases in
          let key = CaseKey(suite: suite, scenario: scenario, strategy: strategy, size: size)
          guard let figures = cases[key]?.published else { return nil }
          let interval = figures.ciLowNs.value.flatMap { low in figures.ciHighNs.value.map { low...max(low, $0) } }
          return Point(
            ratio: figures.ratioToApple, ratioInterval: figures.ratioInterval, median: figures.medianNs,
            medianInterval: interval)
        }
      }
      return Trend(suite: suite, scenario: scenario, size: size, strategies: strategies, points: points)
    }
  }
}
