/// A named group of scenarios, the unit `--suite` selects.
///
/// A suite lives in its own folder under `Benchmarks/` and is registered with one
/// line in `Registry.suites`.
public struct BenchmarkSuite: Sendable {
  /// The stable key of the suite, e.g. `reads`.
  public var name: String

  /// One line saying what the suite measures.
  public var summary: String

  /// Whether `obsbench run` without `--suite` runs it.
  public var isDefault: Bool

  /// The scenarios, in report order.
  public var scenarios: [BenchmarkScenario]

  /// Checks evaluated on the suite's results after a run; a failed one makes the
  /// run exit non-zero.
  public var checks: [SuiteCheck]

  /// The scenario the summary leads the suite with: the realistic shape (a view
  /// body's reads, a send a screen would make), not the best case. `nil` leads
  /// with the first scenario.
  public var headline: String?

  /// Creates a suite.
  public init(
    name: String,
    summary: String,
    isDefault: Bool = true,
    scenarios: [BenchmarkScenario],
    checks: [SuiteCheck] = [],
    headline: String? = nil
  ) {
    self.name = name
    self.summary = summary
    self.isDefault = isDefault
    self.scenarios = scenarios
    self.checks = checks
    precondition(
      headline.map { name in scenarios.contains { $0.name == name } } ?? true,
      "suite \(name): headline names no scenario")
    self.headline = headline
  }

  /// Every strategy id some scenario of the suite supports, in first-seen order.
  public var strategies: [String] {
    var seen = Set<String>()
    return scenarios.flatMap(\.strategies).filter { seen.insert($0).inserted }
  }
}
