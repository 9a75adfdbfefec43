/// The cases a run will measure, grouped for interleaving, validated before any
/// of them runs.
///
/// A group is one suite, scenario and size with every selected strategy: the
/// runner prepares all of a group's cases, samples them round-robin and tears
/// them down together, so that drift of a noisy machine hits every strategy alike.
public struct BenchmarkPlan: Sendable {
  /// One suite, scenario and size, with the strategies to measure on it.
  public struct Group: Sendable {
    /// The suite's name.
    public var suite: String
    /// The scenario.
    public var scenario: BenchmarkScenario
    /// The size.
    public var size: Int
    /// The strategy ids, in the scenario's order.
    public var strategies: [String]
  }

  /// The groups in run order: suites, scenarios, then ascending sizes.
  public var groups: [Group]
  /// The suites that have at least one case in the plan.
  public var suites: [BenchmarkSuite]

  /// The number of cases (group × strategy).
  public var caseCount: Int {
    groups.reduce(0) { $0 + $1.strategies.count }
  }

  /// Plans `selection` over `registry`.
  ///
  /// - Throws: ``SelectionError`` naming what does not exist and listing what
  ///   does, or saying that the filters leave nothing to run.
  public init(registry: [BenchmarkSuite], selection: BenchmarkSelection) throws(SelectionError) {
    let suites = try Self.suites(in: registry, selection: selection)
    let known = Set(registry.flatMap(\.strategies))
    if let strategies = selection.strategies {
      for id in strategies where !known.contains(id) {
        throw SelectionError(
          "unknown strategy '\(id)'; strategies: \(registry.flatMap(\.strategies).uniqued().joined(separator: ", "))")
      }
    }
    var groups = [Group]()
    var chosenScenarios = [String]()
    for suite in suites {
      for scenario in suite.scenarios where Self.isSelected(scenario, of: suite, by: selection.scenarios) {
        chosenScenarios.append("\(suite.name)/\(scenario.name)")
        let strategies = scenario.strategies.filter { selection.strategies?.contains($0) ?? true }
        guard !strategies.isEmpty else { continue }
        let sizes = Self.sizes(of: scenario, selection: selection)
        for size in sizes {
          groups.append(Group(suite: suite.name, scenario: scenario, size: size, strategies: strategies))
        }
      }
    }
    if let patterns = selection.scenarios {
      for pattern in patterns
      where !suites.contains(where: { suite in
        suite.scenarios.contains { Self.matches(pattern, $0, of: suite) }
      }) {
        let names = suites.flatMap { suite in suite.scenarios.map { "\(suite.name)/\($0.name)" } }
        throw SelectionError("no scenario matches '\(pattern)'; scenarios: \(names.joined(separator: ", "))")
      }
    }
    guard !groups.isEmpty else {
      throw SelectionError(
        "nothing to run: the selected scenarios (\(chosenScenarios.joined(separator: ", "))) support none of the strategies \(selection.strategies?.joined(separator: ", ") ?? "")")
    }
    self.groups = groups
    self.suites = suites.filter { suite in groups.contains { $0.suite == suite.name } }
  }

  private static func suites(
    in registry: [BenchmarkSuite], selection: BenchmarkSelection
  ) throws(SelectionError) -> [BenchmarkSuite] {
    guard !registry.isEmpty else { throw SelectionError("no suite is registered") }
    guard let names = selection.suites else {
      // Scenario patterns look in every suite, so `--scenario selfcheck/empty`
      // works without `--suite`; otherwise the default suites run, or all of them
      // while none is marked default.
      if selection.scenarios != nil { return registry }
      let defaults = registry.filter(\.isDefault)
      return defaults.isEmpty ? registry : defaults
    }
    return try names.uniqued().map { name throws(SelectionError) in
      guard let suite = registry.first(where: { $0.name == name }) else {
        throw SelectionError(
          "unknown suite '\(name)'; suites: \(registry.map(\.name).joined(separator: ", "))")
      }
      return suite
    }
  }

  private static func isSelected(
    _ scenario: BenchmarkScenario, of suite: BenchmarkSuite, by patterns: [GlobPattern]?
  ) -> Bool {
    patterns?.contains { matches($0, scenario, of: suite) } ?? true
  }

  private static func matches(_ pattern: GlobPattern, _ scenario: BenchmarkScenario, of suite: BenchmarkSuite) -> Bool {
    pattern.description.contains("/")
      ? pattern.matches("\(suite.name)/\(scenario.name)") : pattern.matches(scenario.name)
  }

  private static func sizes(of scenario: BenchmarkScenario, selection: BenchmarkSelection) -> [Int] {
    if scenario.isSized, let sizes = selection.sizes { return sizes.uniqued().sorted() }
    return selection.quick ? scenario.quickSizes : scenario.sizes
  }
}

extension Array where Element: Hashable {
  /// The elements in order, without repeats.
  func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
