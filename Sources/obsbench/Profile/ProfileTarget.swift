import BenchmarkKit

/// What `obsbench profile` was asked for, checked against the registry: one
/// scenario, one size, one or more strategies it supports.
struct ProfileTarget {
  var suite: BenchmarkSuite
  var scenario: BenchmarkScenario
  var strategies: [String]
  var size: Int

  /// `suite/scenario`.
  var scenarioPath: String { "\(suite.name)/\(scenario.name)" }

  /// Resolves the arguments.
  ///
  /// - Throws: ``UsageError`` for a missing or unknown scenario, a strategy the
  ///   scenario does not support, or a size it cannot take.
  init(parsed: ParsedArguments, registry: [BenchmarkSuite]) throws(UsageError) {
    guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
      throw UsageError("profile: expected one SUITE/SCENARIO, e.g. reads/tracked; see 'obsbench profile --help'")
    }
    try self.init(
      path: path, strategies: try parsed.list("--strategy", command: "profile") ?? ["all"],
      size: parsed.value("--size"), registry: registry, command: "profile")
  }

  /// Resolves a scenario path, strategies (`all` for every one) and a size for `command`.
  init(
    path: String, strategies requested: [String], size sizeText: String?, registry: [BenchmarkSuite],
    command: String
  ) throws(UsageError) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    let all = registry.flatMap { suite in suite.scenarios.map { "\(suite.name)/\($0.name)" } }
    guard parts.count == 2, let suite = registry.first(where: { $0.name == parts[0] }),
      let scenario = suite.scenarios.first(where: { $0.name == parts[1] })
    else {
      throw UsageError("\(command): no scenario '\(path)'; scenarios: \(all.joined(separator: ", "))")
    }
    if let reason = scenario.instructionsSkipReason {
      throw UsageError("\(command): \(path) cannot be profiled: \(reason)")
    }
    self.suite = suite
    self.scenario = scenario
    if requested.contains("all") {
      strategies = scenario.strategies
    } else {
      for id in requested where !scenario.strategies.contains(id) {
        throw UsageError(
          "\(command): \(path) has no strategy '\(id)'; its strategies: \(scenario.strategies.joined(separator: ", "))")
      }
      strategies = requested
    }
    if let sizeText {
      guard let value = Int(sizeText), value > 0 else {
        throw UsageError("\(command): --size needs a positive whole number, got '\(sizeText)'")
      }
      // Checked here, before valgrind starts: a size the case cannot take would
      // otherwise fail only after minutes under callgrind, or, on a scenario
      // without sizes, quietly profile size 1.
      guard scenario.isSized || value == 1 else {
        throw UsageError("\(command): \(path) has no sizes (it runs at size 1); leave out --size")
      }
      guard scenario.takes(value) else {
        throw UsageError("\(command): \(path) takes sizes \(scenario.sizesTaken); --size asked for \(value)")
      }
      size = value
    } else {
      size = scenario.quickSizes.first ?? 1
    }
  }

  /// The cases to count, one per strategy.
  var countedCases: [CountedCase] {
    strategies.map { strategy in
      CountedCase(key: CaseKey(suite: suite.name, scenario: scenario.name, strategy: strategy, size: size))
    }
  }
}
