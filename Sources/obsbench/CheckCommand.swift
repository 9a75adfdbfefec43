import BenchmarkReports
import Foundation

/// `obsbench check RULES`: exit 1 when a rule of the file breaks.
enum CheckCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.check)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(arguments, command: "check", valueOptions: ["--results"], flags: [])
    guard parsed.positionals.count == 1, let rulesPath = parsed.positionals.first else {
      throw UsageError("check: expected one RULES file")
    }
    guard let data = FileManager.default.contents(atPath: rulesPath) else {
      throw UsageError("check: cannot read rules file \(rulesPath)")
    }
    let rules = try CheckRule.parseFile(String(decoding: data, as: UTF8.self), source: rulesPath)
    let run = try ResultsJSON.read(path: parsed.value("--results") ?? "Reports/latest/results.json")
    let verdicts = rules.flatMap { $0.evaluate(in: run) }
    for verdict in verdicts {
      console.print(verdict.line)
    }
    let broken = verdicts.filter { !$0.passed }.count
    console.printError(
      broken == 0 ? "obsbench: all \(verdicts.count) checks hold" : "obsbench: \(broken) of \(verdicts.count) checks broke")
    return broken == 0 ? ExitStatus.success : ExitStatus.failure
  }
}
