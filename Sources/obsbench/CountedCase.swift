import BenchmarkKit

/// One case the instructions mode counts, or skips with a reason.
struct CountedCase: Hashable {
  /// The case.
  var key: CaseKey
  /// Why the case cannot be counted (``BenchmarkScenario/instructionsSkipReason``).
  var skipReason: String?

  /// The options of `run` that select exactly this case, for the callgrind child.
  ///
  /// The same for a case whatever else the run selects: the child's heap, and
  /// with it the count, then depends on the case alone.
  var childArguments: [String] {
    [
      "--suite", key.suite, "--scenario", "\(key.suite)/\(key.scenario)", "--strategy", key.strategy,
      "--sizes", String(key.size),
    ]
  }

  /// Every case of `plan`, in run order.
  static func cases(of plan: BenchmarkPlan) -> [CountedCase] {
    plan.groups.flatMap { group in
      group.strategies.map { strategy in
        CountedCase(
          key: CaseKey(suite: group.suite, scenario: group.scenario.name, strategy: strategy, size: group.size),
          skipReason: group.scenario.instructionsSkipReason)
      }
    }
  }
}
