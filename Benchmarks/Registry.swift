import BenchmarkKit

/// Every benchmark suite `obsbench` knows, in the order `list` shows them.
///
/// A new suite is one folder under `Benchmarks/` and one line here.
public enum Registry {
  /// The registered suites.
  public static let suites: [BenchmarkSuite] = [
    SelfCheck.suite,
    Reads.suite,
    Mutations.suite,
    Collections.suite,
    Nesting.suite,
    Scopes.suite,
    Contention.suite,
    KnownCounts.suite,
  ]
}
