import BenchmarkKit

/// `obsbench list`: the suites, their scenarios and the strategy ids.
enum ListCommand {
  /// The id under which the selfcheck suite measures the harness itself.
  static let harnessStrategy = "harness"

  static func run(_ arguments: [String], console: Console, registry: [BenchmarkSuite]) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.list)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(arguments, command: "list", valueOptions: [], flags: [])
    if let extra = parsed.positionals.first {
      throw UsageError("list: unexpected argument '\(extra)'")
    }
    for suite in registry {
      console.print("\(suite.name)\(suite.isDefault ? "" : " (not default)") — \(suite.summary)")
      for scenario in suite.scenarios {
        console.print("  \(suite.name)/\(scenario.name) — \(scenario.summary)")
        if scenario.isSized {
          let sizes = scenario.sizes.map(String.init).joined(separator: ",")
          let quick = scenario.quickSizes.map(String.init).joined(separator: ",")
          console.print("    sizes \(sizes) (quick \(quick); takes \(scenario.sizesTaken))")
        }
        console.print("    strategies \(scenario.strategies.joined(separator: ", "))")
      }
    }
    var seen = Set<String>()
    let strategies = registry.flatMap(\.strategies).filter { seen.insert($0).inserted }
    console.print("strategies: \(strategies.joined(separator: ", "))")
    if strategies.contains(harnessStrategy) {
      console.print(
        "  \(harnessStrategy): the selfcheck suite's only id: the harness measuring itself, no observation strategy")
    }
    return ExitStatus.success
  }
}
