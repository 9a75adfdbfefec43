import BenchmarkKit
import BenchmarkReports
import Foundation

/// `obsbench report RUN.json...`: rewrites reports from results files; several
/// runs of the same cases are shown side by side, runs of different cases merged.
enum ReportCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.report)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(
      arguments, command: "report", valueOptions: ["--out", "--format", "--labels"], flags: [])
    guard let first = parsed.positionals.first else {
      throw UsageError("report: expected at least one RUN.json")
    }
    let formats = try parsed.value("--format").map(OutputFormat.parseList) ?? OutputFormat.allCases
    let labels = try parsed.list("--labels", command: "report")
    if let labels, labels.count != parsed.positionals.count {
      throw UsageError("report: --labels has \(labels.count) labels for \(parsed.positionals.count) runs")
    }
    let directory = parsed.value("--out") ?? (first as NSString).deletingLastPathComponent
    // Read everything before writing anything, so a corrupt input changes nothing.
    var entries = [ReportRuns.Entry]()
    for (index, path) in parsed.positionals.enumerated() {
      entries.append(
        ReportRuns.Entry(label: labels?[index] ?? ReportRuns.label(forPath: path), run: try ResultsJSON.read(path: path)))
    }
    let written = try ReportWriter.write(
      ReportRuns.combining(entries), formats: formats, to: directory.isEmpty ? "." : directory)
    for path in written {
      console.print(path)
    }
    return ExitStatus.success
  }
}
