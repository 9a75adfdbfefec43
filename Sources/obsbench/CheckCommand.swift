import BenchmarkKit
import BenchmarkReports
import Foundation

/// `obsbench check RULES [RUN.json]`: exit 1 when a rule of the file breaks;
/// with `--suggest`, prints the file with bounds proposed from the runs instead
/// (`check RULES RUN.json… --suggest`: the largest of what they measured).
enum CheckCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.check)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(
      arguments, command: "check", valueOptions: ["--results", "--format", "--baseline"], flags: ["--suggest"])
    let suggest = parsed.flags.contains("--suggest")
    guard (1...(suggest ? Int.max : 2)).contains(parsed.positionals.count), let rulesPath = parsed.positionals.first
    else {
      throw UsageError(
        "check: expected a RULES file and optionally a RUN.json (several with --suggest, to take their spread)")
    }
    if parsed.positionals.count == 2, parsed.value("--results") != nil {
      throw UsageError("check: give the run either as RUN.json or with --results, not both")
    }
    // Case-insensitive, as run, report and compare take their formats.
    let formatName = parsed.value("--format") ?? "text"
    let format = formatName.lowercased()
    guard ["text", "md"].contains(format) else {
      throw UsageError("check: unknown format '\(formatName)'; formats: text, md")
    }
    guard let data = FileManager.default.contents(atPath: rulesPath) else {
      throw UsageError("check: cannot read rules file \(rulesPath): \(UnreadableFile.reason(rulesPath))")
    }
    let text = String(decoding: data, as: UTF8.self)
    let rules = try CheckRule.parseFile(text, source: rulesPath)
    let resultsPath = parsed.positionals.dropFirst().first ?? parsed.value("--results") ?? "Reports/latest/results.json"
    if suggest {
      // Every run's spread counts: a bound from one run breaks on the next host.
      let paths = parsed.positionals.count > 1 ? Array(parsed.positionals.dropFirst()) : [resultsPath]
      let runs = try paths.map { try ResultsJSON.read(path: $0) }
      console.out(try RulesSuggestion.rewrite(text, runs: runs, source: rulesPath))
      return ExitStatus.success
    }
    let run = try ResultsJSON.read(path: resultsPath)
    let verdicts = rules.flatMap { $0.evaluate(in: run) }
    let broken = verdicts.filter { !$0.holds }
    let warned = verdicts.filter { $0.warning != nil }.count
    let skipped = verdicts.filter(\.skipped).count
    let judged = verdicts.count - skipped
    let summary =
      (broken.isEmpty
        ? "all \(judged) checks of \(rules.count) rules hold"
        : "\(broken.count) of \(judged) checks of \(rules.count) rules broke")
      + (skipped > 0 ? "; \(skipped) rules skipped, their suites not in the results" : "")
      + (warned > 0 ? " (\(warned) not time gates, warned: a few nanoseconds or contention)" : "")
    let explanations = Self.explanations(of: broken, resultsPath: resultsPath, baselinePath: parsed.value("--baseline"))
    if format == "md" {
      console.out(CheckReport.markdown(verdicts, summary: summary, source: rulesPath))
      for explained in explanations where !explained.entries.isEmpty { console.out("\n" + explained.markdown()) }
    } else {
      // Failures first: in a long CI log they are what a reader looks for.
      for verdict in broken + verdicts.filter(\.holds) {
        console.print(verdict.line)
      }
      for explained in explanations where !explained.entries.isEmpty { console.out(explained.text()) }
    }
    console.printError("obsbench: \(summary)")
    return broken.isEmpty ? ExitStatus.success : ExitStatus.failure
  }

  /// Where the instructions of each broken instruction rule went, from kept
  /// profiles: a relative rule's case against its reference strategy in the
  /// same run; an absolute rule's against the same case of `--baseline`.
  static func explanations(
    of broken: [RuleVerdict], resultsPath: String, baselinePath: String?
  ) -> [RegressionExplanations] {
    let instructionRules = broken.filter { $0.rule.metric == .instructions && $0.key != nil }
    guard !instructionRules.isEmpty else { return [] }
    let current = RegressionExplanations.profiles(besideResults: resultsPath)
    let relative = instructionRules.compactMap { verdict -> (CaseKey, CaseKey)? in
      guard let key = verdict.key, let reference = verdict.rule.reference else { return nil }
      return (CaseKey(suite: key.suite, scenario: key.scenario, strategy: reference, size: key.size), key)
    }
    let absolute = instructionRules.compactMap { verdict in
      verdict.rule.reference == nil ? verdict.key.map { ($0, $0) } : nil
    }
    return [
      RegressionExplanations(relative, before: current, after: current),
      RegressionExplanations(
        absolute, before: baselinePath.flatMap(RegressionExplanations.profiles(besideResults:)), after: current),
    ]
  }
}
