import BenchmarkReports
import Foundation

/// `obsbench check RULES [RUN.json]`: exit 1 when a rule of the file breaks;
/// with `--suggest`, prints the file with bounds proposed from the run instead.
enum CheckCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.check)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(
      arguments, command: "check", valueOptions: ["--results", "--format"], flags: ["--suggest"])
    guard (1...2).contains(parsed.positionals.count), let rulesPath = parsed.positionals.first else {
      throw UsageError("check: expected a RULES file and optionally a RUN.json")
    }
    if parsed.positionals.count == 2, parsed.value("--results") != nil {
      throw UsageError("check: give the run either as RUN.json or with --results, not both")
    }
    let format = parsed.value("--format") ?? "text"
    guard ["text", "md"].contains(format) else {
      throw UsageError("check: unknown format '\(format)'; formats: text, md")
    }
    guard let data = FileManager.default.contents(atPath: rulesPath) else {
      throw UsageError("check: cannot read rules file \(rulesPath)")
    }
    let text = String(decoding: data, as: UTF8.self)
    let rules = try CheckRule.parseFile(text, source: rulesPath)
    let resultsPath = parsed.positionals.dropFirst().first ?? parsed.value("--results") ?? "Reports/latest/results.json"
    let run = try ResultsJSON.read(path: resultsPath)
    if parsed.flags.contains("--suggest") {
      console.out(try RulesSuggestion.rewrite(text, run: run, source: rulesPath))
      return ExitStatus.success
    }
    let verdicts = rules.flatMap { $0.evaluate(in: run) }
    let broken = verdicts.filter { !$0.passed }
    let summary =
      broken.isEmpty
      ? "all \(verdicts.count) checks of \(rules.count) rules hold"
      : "\(broken.count) of \(verdicts.count) checks of \(rules.count) rules broke"
    if format == "md" {
      console.out(CheckReport.markdown(verdicts, summary: summary, source: rulesPath))
    } else {
      // Failures first: in a long CI log they are what a reader looks for.
      for verdict in broken + verdicts.filter(\.passed) {
        console.print(verdict.line)
      }
    }
    console.printError("obsbench: \(summary)")
    return broken.isEmpty ? ExitStatus.success : ExitStatus.failure
  }
}
