import BenchmarkKit
import ObservationCore

/// Every benchmark suite `obsbench` knows, in the order `list` shows them.
///
/// A new suite is one folder under `Benchmarks/` and one line in
/// ``suites(adding:)``.
public enum Registry {
  /// The registered suites, for the strategies of `StrategyCatalog`.
  public static var suites: [BenchmarkSuite] { suites(adding: []) }

  /// The registered suites, for the strategies of `StrategyCatalog` and `added`:
  /// each added strategy appears in every scenario its capabilities allow (the
  /// contention suite for one usable from any thread, store scenarios for a
  /// `+identity` one…), with no list edited.
  ///
  /// An added strategy is prepared through its opened metatype, not specialised
  /// like the catalog's: add it to `StrategyCatalog.visit(_:)` to measure it,
  /// pass it here to test it from outside the package's own lists.
  public static func suites(adding added: [CatalogEntry]) -> [BenchmarkSuite] {
    let roster = StrategyRoster(adding: added)
    let suites = StrategyRoster.$current.withValue(roster) {
      [
        SelfCheck.suite,
        Reads.suite,
        Mutations.suite,
        Collections.suite,
        Nesting.suite,
        Scopes.suite,
        Contention.suite,
        Reported.suite,
        Footprint.suite,
        App.suite,
        KnownCounts.suite,
        Examples.suite,
      ]
    }
    return added.isEmpty ? suites : suites.map { $0.preparing(in: roster) }
  }
}

extension Registry {
  /// Where each strategy sits in reports (``BenchmarkRun/strategyRoles``): the
  /// catalog's roles, `apple` the reference and `none` the floor.
  public static var strategyRoles: [String: String] {
    var roles = Dictionary(uniqueKeysWithValues: StrategyCatalog.entries.map { ($0.id, $0.role.rawValue) })
    roles[ReferenceStrategy.apple] = "reference"
    roles[ReferenceStrategy.floor] = "floor"
    return roles
  }
}

extension BenchmarkSuite {
  /// This suite with every case prepared with `roster` as the current one, so
  /// that its scenarios find the strategies added to it.
  fileprivate func preparing(in roster: StrategyRoster) -> BenchmarkSuite {
    var suite = self
    suite.scenarios = scenarios.map { $0.preparing(in: roster) }
    return suite
  }
}

extension BenchmarkScenario {
  /// This scenario, preparing its cases with `roster` as the current one.
  fileprivate func preparing(in roster: StrategyRoster) -> BenchmarkScenario {
    let original = self
    var scenario = BenchmarkScenario(
      name: name, summary: summary, sizes: sizes, quickSizes: quickSizes, strategies: strategies,
      allowedSizes: allowedSizes, sizeCondition: sizeCondition
    ) { strategy, size in
      try StrategyRoster.$current.withValue(roster) {
        try original.prepare(strategy: strategy, size: size)
      }
    }
    scenario.instructionsSkipReason = instructionsSkipReason
    scenario.form = form
    return scenario
  }
}
