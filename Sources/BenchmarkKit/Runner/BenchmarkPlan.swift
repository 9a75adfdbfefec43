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
  /// What the selection asked for that the plan leaves out, one line each
  /// (sizes a scenario cannot take, strategies a scenario does not support),
  /// for the command line to print as notes.
  public var notes: [String] = []

  /// The number of cases (group × strategy).
  public var caseCount: Int {
    groups.reduce(0) { $0 + $1.strategies.count }
  }

  /// Plans `selection` over `registry`.
  ///
  /// - Throws: ``SelectionError`` naming what does not exist and listing what
  ///   does, saying that the filters leave nothing to run, or naming the one
  ///   sized scenario selected and the sizes it takes when `--sizes` asks for
  ///   another (with several, each skips what it cannot take: see ``notes``).
  public init(registry: [BenchmarkSuite], selection: BenchmarkSelection) throws(SelectionError) {
    let suites = try Self.suites(in: registry, selection: selection)
    let known = Set(registry.flatMap(\.strategies))
    if let strategies = selection.strategies {
      for id in strategies where !known.contains(id) {
        throw SelectionError(
          "unknown strategy '\(id)'; strategies: \(registry.flatMap(\.strategies).uniqued().joined(separator: ", "))")
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
    var groups = [Group]()
    var notes = [String]()
    var chosenScenarios = [String]()
    var skippedStrategies = [(scenario: String, strategies: [String])]()
    var sized = [(key: String, scenario: BenchmarkScenario, refused: [Int])]()
    for suite in suites {
      for scenario in suite.scenarios where Self.isSelected(scenario, of: suite, by: selection.scenarios) {
        let key = "\(suite.name)/\(scenario.name)"
        chosenScenarios.append(key)
        if let requested = selection.strategies {
          let unsupported = requested.uniqued().filter { !scenario.strategies.contains($0) }
          if !unsupported.isEmpty { skippedStrategies.append((key, unsupported)) }
        }
        let strategies = scenario.strategies.filter { selection.strategies?.contains($0) ?? true }
        guard !strategies.isEmpty else { continue }
        var sizes = Self.sizes(of: scenario, selection: selection)
        if scenario.isSized, selection.sizes != nil {
          sized.append((key, scenario, sizes.filter { !scenario.takes($0) }))
          sizes.removeAll { !scenario.takes($0) }
        }
        for size in sizes {
          let chosen =
            selection.cases.map { cases in
              strategies.filter {
                cases.contains(CaseKey(suite: suite.name, scenario: scenario.name, strategy: $0, size: size))
              }
            } ?? strategies
          guard !chosen.isEmpty else { continue }
          groups.append(Group(suite: suite.name, scenario: scenario, size: size, strategies: chosen))
        }
      }
    }
    // A size the user asked of one scenario that cannot take it is an error; of
    // several, the scenarios that cannot take it skip it, and say so.
    let refused = sized.filter { !$0.refused.isEmpty }
    if sized.count == 1, let only = refused.first {
      throw SelectionError(
        "\(only.key) takes sizes \(only.scenario.sizesTaken); --sizes asked for "
          + "\(only.refused.map(String.init).joined(separator: ", "))"
      )
    }
    if let asked = selection.sizes, sized.isEmpty, !chosenScenarios.isEmpty {
      // Said, not silently dropped: the user may have meant another scenario.
      notes.append(
        "--sizes \(asked.map(String.init).joined(separator: ",")) ignored: none of the selected scenarios "
          + "(\(chosenScenarios.joined(separator: ", "))) takes a size")
    }
    if !refused.isEmpty {
      notes.append(
        "sizes skipped: "
          + refused.map {
            "\($0.key) takes \($0.scenario.sizesTaken), skips \($0.refused.map(String.init).joined(separator: ","))"
          }.joined(separator: "; "))
    }
    if !skippedStrategies.isEmpty {
      // Scenarios that skip the same strategies share one clause.
      var order = [[String]]()
      var scenariosBySkipped = [[String]: [String]]()
      for entry in skippedStrategies {
        if scenariosBySkipped[entry.strategies] == nil { order.append(entry.strategies) }
        scenariosBySkipped[entry.strategies, default: []].append(entry.scenario)
      }
      notes.append(
        "strategies skipped where unsupported: "
          + order.map { "\(scenariosBySkipped[$0]!.joined(separator: ", ")) skip \($0.joined(separator: ", "))" }
          .joined(separator: "; "))
    }
    if groups.isEmpty, !refused.isEmpty {
      throw SelectionError(
        "nothing to run: no selected scenario takes the sizes asked for ("
          + refused.map { "\($0.key) takes \($0.scenario.sizesTaken)" }
          .joined(separator: ", ") + ")")
    }
    guard !groups.isEmpty else {
      throw SelectionError(
        "nothing to run: the selected scenarios (\(chosenScenarios.joined(separator: ", "))) support none of "
          + "the strategies \(selection.strategies?.joined(separator: ", ") ?? "")"
      )
    }
    self.groups = groups
    self.notes = notes
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
