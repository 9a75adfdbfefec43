import BenchmarkKit
import BenchmarkReports

/// `obsbench compare BASELINE CURRENT`: exit 1 when a case regressed beyond the
/// machine's factor and the noise, failed, could not be judged for want of
/// samples, or is missing; 64 when the runs cannot be compared.
enum CompareCommand {
  /// The output formats of `compare`.
  enum Format: String, CaseIterable {
    case text, md, html, csv
  }

  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.compare)
      return ExitStatus.success
    }
    let request = try Request(parsing: arguments)
    let baseline = try ResultsJSON.read(path: request.baselinePath)
    let current = try ResultsJSON.read(path: request.currentPath)
    let instructions = InstructionComparison(
      baseline: baseline, current: current,
      threshold: try request.parsed.value("--instructions-threshold").map(RunComparison.parseThreshold)
        ?? InstructionComparison.defaultThreshold)
    // Where both runs kept profiles, each instruction regression says where its
    // extra instructions went.
    let explanations = RegressionExplanations(
      instructions.regressions.map { ($0.key, $0.key) },
      before: RegressionExplanations.profiles(besideResults: request.baselinePath),
      after: RegressionExplanations.profiles(besideResults: request.currentPath))
    if !(baseline.hasTimings && current.hasTimings) && !instructions.rows.isEmpty {
      // Runs that only counted instructions are compared by their counts alone.
      console.out(instructions.render())
      if !explanations.entries.isEmpty {
        console.out("\n" + (request.format == .md ? explanations.markdown() : explanations.text()))
      }
      return instructions.regressions.isEmpty ? ExitStatus.success : ExitStatus.failure
    }
    let comparison = try judge(baseline, against: current, request)
    write(comparison, instructions, explanations, request, to: console)
    printNotes(comparison, baseline: baseline, current: current, to: console)
    return comparison.gateFailures.isEmpty && instructions.regressions.isEmpty ? ExitStatus.success : ExitStatus.failure
  }

  /// The arguments of one `compare`: the two runs' paths, the time threshold
  /// and the format, checked before either run is read.
  private struct Request {
    var parsed: ParsedArguments
    var threshold: Double
    var format: Format

    var baselinePath: String { parsed.positionals[0] }
    var currentPath: String { parsed.positionals[1] }

    init(parsing arguments: [String]) throws {
      parsed = try ArgumentScanner.parse(
        arguments, command: "compare", valueOptions: ["--threshold", "--instructions-threshold", "--format"],
        flags: ["--allow-missing", "--paired", "--all"])
      guard parsed.positionals.count == 2 else {
        throw UsageError(
          "compare: expected BASELINE.json and CURRENT.json, got \(parsed.positionals.count) "
            + "file\(parsed.positionals.count == 1 ? "" : "s")")
      }
      threshold = try parsed.value("--threshold").map(RunComparison.parseThreshold) ?? 0.05
      let formatName = parsed.value("--format") ?? "text"
      guard let format = Format(rawValue: formatName.lowercased()) else {
        throw UsageError("compare: unknown format '\(formatName)'; formats: text, md, html, csv")
      }
      self.format = format
    }
  }

  /// The current run judged case by case against the baseline; an A/B run's two
  /// builds (`--paired`), measured pass by pass, are judged pair by pair, with
  /// the smallest times left ungated.
  ///
  /// - Throws: ``UsageError`` when the runs have no measured case in common.
  private static func judge(
    _ baseline: BenchmarkRun, against current: BenchmarkRun, _ request: Request
  ) throws(UsageError) -> RunComparison {
    let paired = request.parsed.flags.contains("--paired")
    let options = RunComparison.Options(
      threshold: request.threshold, allowMissing: request.parsed.flags.contains("--allow-missing"),
      ungatedBelowNs: paired ? RunComparison.pairedGateFloorNs : nil)
    let comparison =
      paired
      ? RunComparison(pairedBaseline: baseline, current: current, options: options)
      : RunComparison(baseline: baseline, current: current, options: options)
    guard !comparison.common.isEmpty else {
      throw UsageError(
        "compare: \(request.baselinePath) and \(request.currentPath) have no measured case in common "
          + "(\(baseline.cases.count) and \(current.cases.count) cases)")
    }
    return comparison
  }

  /// Writes `comparison` in the format asked for, with the instruction counts
  /// and their explanations where the format has room for them.
  private static func write(
    _ comparison: RunComparison, _ instructions: InstructionComparison, _ explanations: RegressionExplanations,
    _ request: Request, to console: Console
  ) {
    switch request.format {
    case .text: console.out(comparison.render(all: request.parsed.flags.contains("--all")))
    case .md:
      console.out(comparison.markdown())
      if !explanations.entries.isEmpty { console.out("\n" + explanations.markdown()) }
    case .csv: console.out(comparison.csv())
    case .html:
      console.out(
        comparison.html(
          baselineLabel: ReportRuns.label(forPath: request.baselinePath),
          currentLabel: ReportRuns.label(forPath: request.currentPath)))
    }
    if !instructions.rows.isEmpty && request.format == .text {
      console.out("\n" + instructions.render())
      if !explanations.entries.isEmpty { console.out("\n" + explanations.text()) }
    }
  }

  /// Notes on standard error about what may make the comparison less than it
  /// seems: different CPUs, a busy machine, cases missing from the current run.
  private static func printNotes(
    _ comparison: RunComparison, baseline: BenchmarkRun, current: BenchmarkRun, to console: Console
  ) {
    if baseline.environment.cpuModel != current.environment.cpuModel {
      console.printError(
        "obsbench: note: the runs were made on different CPUs (\(baseline.environment.cpuModel); "
          + "\(current.environment.cpuModel)); absolute times differ between machines")
    }
    for (label, run) in [("baseline", baseline), ("current run", current)] {
      if let busy = run.settings.backgroundLoadCores, busy > 0.5 {
        console.printError(
          "obsbench: note: other processes kept \(String(format: "%.1f", busy)) cores busy during the \(label); on a "
            + "shared machine contention cases and small operations move far beyond their intervals, so rerun on a "
            + "quiet machine before trusting a regression")
      }
    }
    let missing = comparison.count(.missing)
    if missing > 0 {
      console.printError(
        "obsbench: \(missing) case\(missing == 1 ? "" : "s") of the baseline "
          + "\(missing == 1 ? "is" : "are") missing from the current run"
          + (comparison.options.allowMissing
            ? " (allowed by --allow-missing)" : "; pass --allow-missing to compare a partial run"))
    }
  }
}
