import BenchmarkKit

/// The order strategies appear in across reports: the strategies under test in
/// the order the run measured them, then the store floor `store-floor`, the
/// reference `apple` and the floor `none`, so the yardsticks always sit at the
/// right-hand end.
enum StrategyOrder {
  /// `strategies` reordered, first-seen order kept otherwise.
  static func sorted(_ strategies: [String]) -> [String] {
    let yardsticks = [Publication.storeFloor, ReferenceStrategy.apple, ReferenceStrategy.floor]
    return strategies.filter { !yardsticks.contains($0) } + yardsticks.filter(strategies.contains)
  }
}
