import BenchmarkReports

/// `obsbench compare BASELINE CURRENT`: exit 1 when a case regressed.
enum CompareCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.compare)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(
      arguments, command: "compare", valueOptions: ["--threshold"], flags: [])
    guard parsed.positionals.count == 2 else {
      throw UsageError(
        "compare: expected BASELINE.json and CURRENT.json, got \(parsed.positionals.count) file\(parsed.positionals.count == 1 ? "" : "s")")
    }
    let threshold = try parsed.value("--threshold").map(RunComparison.parseThreshold) ?? 0.05
    let baseline = try ResultsJSON.read(path: parsed.positionals[0])
    let current = try ResultsJSON.read(path: parsed.positionals[1])
    let comparison = RunComparison(baseline: baseline, current: current, threshold: threshold)
    console.out(comparison.render())
    return comparison.regressions.isEmpty ? ExitStatus.success : ExitStatus.failure
  }
}
