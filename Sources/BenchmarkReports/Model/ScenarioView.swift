import BenchmarkKit

/// One scenario of one suite across the runs of a report: its sizes, its
/// strategies and each run's cases, as the charts need them.
struct ScenarioView {
  /// The suite's name.
  var suite: String
  /// The scenario's name.
  var scenario: String
  /// Every size any run measured, ascending.
  var sizes: [Int]
  /// Every strategy any run measured, in first-seen order.
  var strategies: [String]
  /// Per run (in report order), the cases by strategy and size.
  var cases: [[String: [Int: CaseResult]]]

  /// Whether the scenario swept sizes, so that a growth chart means something.
  var isSweep: Bool { sizes.count > 1 }

  /// The case of `strategy` at `size` in run `run`.
  func result(run: Int, strategy: String, size: Int) -> CaseResult? {
    cases[run][strategy]?[size]
  }

  /// The scenarios of `runs`, in the order the runs first measured them.
  static func views(of runs: ReportRuns) -> [ScenarioView] {
    var order = [String]()
    var views = [String: ScenarioView]()
    for (index, entry) in runs.entries.enumerated() {
      for result in entry.run.cases {
        let key = "\(result.suite)/\(result.scenario)"
        if views[key] == nil {
          order.append(key)
          views[key] = ScenarioView(
            suite: result.suite, scenario: result.scenario, sizes: [], strategies: [],
            cases: Array(repeating: [:], count: runs.entries.count))
        }
        if !views[key]!.sizes.contains(result.size) { views[key]!.sizes.append(result.size) }
        if !views[key]!.strategies.contains(result.strategy) { views[key]!.strategies.append(result.strategy) }
        views[key]!.cases[index][result.strategy, default: [:]][result.size] = result
      }
    }
    return order.map { key in
      var view = views[key]!
      view.sizes.sort()
      view.strategies = StrategyOrder.sorted(view.strategies)
      return view
    }
  }
}
