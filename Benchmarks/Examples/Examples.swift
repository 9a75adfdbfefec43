import BenchmarkKit

/// The worked examples of the Extending article: a suite, a scenario and a model
/// triplet, compiled and smoke-tested with everything else so the article cannot
/// go stale.
///
/// Not a default suite: `obsbench run` leaves it out unless `--suite examples`
/// names it, so default runs and baselines are unchanged by it.
enum Examples {
  /// The examples suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "examples",
      summary: "The Extending article's worked examples (not run by default)",
      isDefault: false,
      scenarios: [trackedPair]
    )
  }
}
