import BenchmarkKit

/// "Which should I use": per suite, the strategies of its headline case that no
/// other beats or matches on time, notifications and allocations per operation
/// (the Pareto front the run published, ``ChoiceStanding``), each with what it
/// gives up (``BenchmarkRun/strategyTradeOffs``).
struct StrategyFront {
  /// One strategy on the front.
  struct Option {
    var strategy: String
    /// What it gives up, from its capabilities; empty when it gives up none of
    /// them; `nil` when the run recorded no trade-offs.
    var tradeOffs: [String]?
    /// Whether it is the cheapest, or tied with it on time.
    var isCheapest: Bool
    var isTiedWithCheapest: Bool
  }

  var suite: String
  var scenario: String
  /// The largest size of the headline scenario with standings.
  var size: Int
  /// The strategies on the front, in run order.
  var options: [Option]
  /// How many strategies were judged.
  var judged: Int

  /// The options grouped by what they give up, the groups that give up least
  /// first (then in run order), so a reader sees first what costs nothing.
  var groups: [(tradeOffs: [String]?, options: [Option])] {
    var groups = [(tradeOffs: [String]?, options: [Option])]()
    for option in options {
      if let index = groups.firstIndex(where: { $0.tradeOffs == option.tradeOffs }) {
        groups[index].options.append(option)
      } else {
        groups.append((option.tradeOffs, [option]))
      }
    }
    return groups.enumerated().sorted { left, right in
      let (l, r) = (left.element.tradeOffs?.count ?? 0, right.element.tradeOffs?.count ?? 0)
      return l != r ? l < r : left.offset < right.offset
    }.map(\.element)
  }

  /// One choice per suite whose headline scenario has published standings, in run order.
  static func choices(of run: BenchmarkRun) -> [StrategyFront] {
    var suites = [String]()
    for result in run.cases where !suites.contains(result.suite) { suites.append(result.suite) }
    return suites.compactMap { suite in
      guard let scenario = run.suiteHeadlines?[suite] else { return nil }
      let judged = run.cases.filter { $0.suite == suite && $0.scenario == scenario && $0.published?.choice != nil }
      guard let size = judged.map(\.size).max() else { return nil }
      let atSize = judged.filter { $0.size == size }
      let options = atSize.filter { $0.published?.choice?.isOnFront == true }.map { result in
        let versus = result.published?.versusCheapest
        return Option(
          strategy: result.strategy, tradeOffs: run.strategyTradeOffs?[result.strategy],
          isCheapest: versus?.cheapest == result.strategy,
          isTiedWithCheapest: versus?.isTied == true && versus?.cheapest != result.strategy)
      }
      return StrategyFront(suite: suite, scenario: scenario, size: size, options: options, judged: atSize.count)
    }
  }
}
