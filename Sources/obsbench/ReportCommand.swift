import BenchmarkKit
import BenchmarkReports
import Foundation

/// `obsbench report RUN.json...`: rewrites reports from results files.
enum ReportCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.report)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(
      arguments, command: "report", valueOptions: ["--out", "--format"], flags: [])
    guard let first = parsed.positionals.first else {
      throw UsageError("report: expected at least one RUN.json")
    }
    let formats = try parsed.value("--format").map(OutputFormat.parseList) ?? OutputFormat.allCases
    let directory = parsed.value("--out") ?? (first as NSString).deletingLastPathComponent
    // Read everything before writing anything, so a corrupt input changes nothing.
    var runs = [BenchmarkRun]()
    for path in parsed.positionals {
      runs.append(try ResultsJSON.read(path: path))
    }
    let written = try ReportWriter.write(
      BenchmarkRun.merging(runs), formats: formats, to: directory.isEmpty ? "." : directory)
    for path in written {
      console.print(path)
    }
    return ExitStatus.success
  }
}
