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
    let parsed = try ArgumentScanner.parse(
      arguments, command: "compare", valueOptions: ["--threshold", "--instructions-threshold", "--format"],
      flags: ["--allow-missing", "--paired", "--all"])
    guard parsed.positionals.count == 2 else {
      throw UsageError(
        "compare: expected BASELINE.json and CURRENT.json, got \(parsed.positionals.count) "
          + "file\(parsed.positionals.count == 1 ? "" : "s")")
    }
    let threshold = try parsed.value("--threshold").map(RunComparison.parseThreshold) ?? 0.05
    let formatName = parsed.value("--format") ?? "text"
    guard let format = Format(rawValue: formatName.lowercased()) else {
      throw UsageError("compare: unknown format '\(formatName)'; formats: text, md, html, csv")
    }
    let baseline = try ResultsJSON.read(path: parsed.positionals[0])
    let current = try ResultsJSON.read(path: parsed.positionals[1])
    let instructions = InstructionComparison(
      baseline: baseline, current: current,
      threshold: try parsed.value("--instructions-threshold").map(RunComparison.parseThreshold)
        ?? InstructionComparison.defaultThreshold)
    // Where both runs kept profiles, each instruction regression says where its
    // extra instructions went.
    let explanations = RegressionExplanations(
      instructions.regressions.map { ($0.key, $0.key) },
      before: RegressionExplanations.profiles(besideResults: parsed.positionals[0]),
      after: RegressionExplanations.profiles(besideResults: parsed.positionals[1]))
    if !(baseline.hasTimings && current.hasTimings) && !instructions.rows.isEmpty {
      // Runs that only counted instructions are compared by their counts alone.
      console.out(instructions.render())
      if !explanations.entries.isEmpty {
        console.out("\n" + (format == .md ? explanations.markdown() : explanations.text()))
      }
      return instructions.regressions.isEmpty ? ExitStatus.success : ExitStatus.failure
    }
    let paired = parsed.flags.contains("--paired")
    let options = RunComparison.Options(
      threshold: threshold, allowMissing: parsed.flags.contains("--allow-missing"),
      ungatedBelowNs: paired ? RunComparison.pairedGateFloorNs : nil)
    // An A/B run's two builds were measured pass by pass: judged pair by pair.
    let comparison =
      paired
      ? RunComparison(pairedBaseline: baseline, current: current, options: options)
      : RunComparison(baseline: baseline, current: current, options: options)
    guard !comparison.common.isEmpty else {
      throw UsageError(
        "compare: \(parsed.positionals[0]) and \(parsed.positionals[1]) have no measured case in common "
          + "(\(baseline.cases.count) and \(current.cases.count) cases)")
    }
    switch format {
    case .text: console.out(comparison.render(all: parsed.flags.contains("--all")))
    case .md:
      console.out(comparison.markdown())
      if !explanations.entries.isEmpty { console.out("\n" + explanations.markdown()) }
    case .csv: console.out(comparison.csv())
    case .html:
      console.out(
        comparison.html(
          baselineLabel: ReportRuns.label(forPath: parsed.positionals[0]),
          currentLabel: ReportRuns.label(forPath: parsed.positionals[1])))
    }
    if !instructions.rows.isEmpty && format == .text {
      console.out("\n" + instructions.render())
      if !explanations.entries.isEmpty { console.out("\n" + explanations.text()) }
    }
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
          + (options.allowMissing
            ? " (allowed by --allow-missing)" : "; pass --allow-missing to compare a partial run"))
    }
    return comparison.gateFailures.isEmpty && instructions.regressions.isEmpty ? ExitStatus.success : ExitStatus.failure
  }
}
