import BenchmarkKit
import BenchmarkReports
import Benchmarks
import Foundation

/// `obsbench report RUN.json...`: writes reports of results files into a folder
/// of its own; several runs of the same cases are shown side by side, runs of
/// different cases merged.
///
/// It never writes `results.json` (its inputs are the results: a merge written
/// over one would replace a run with another run's cases under its environment)
/// and refuses an output folder that holds one of its inputs unless `--force`.
enum ReportCommand {
  /// Where reports go without `--out`: a folder no run writes into.
  static let defaultDirectory = "Reports/report"

  /// The formats `report` writes without `--format`: the default ones but `results.json`.
  static let formats = OutputFormat.defaults.filter { $0 != .json }

  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.report)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(
      arguments, command: "report", valueOptions: ["--out", "--format", "--labels"], flags: ["--force"])
    guard !parsed.positionals.isEmpty else {
      throw UsageError("report: expected at least one RUN.json")
    }
    let formats = try parsed.value("--format").map(Self.parseFormats) ?? Self.formats
    let labels = try parsed.list("--labels", command: "report")
    if let labels, labels.count != parsed.positionals.count {
      throw UsageError("report: --labels has \(labels.count) labels for \(parsed.positionals.count) runs")
    }
    let directory = parsed.value("--out") ?? Self.defaultDirectory
    guard !directory.isEmpty else { throw UsageError("report: --out needs a folder") }
    // Read everything before writing anything, so a corrupt input changes nothing.
    var entries = [ReportRuns.Entry]()
    for (index, path) in parsed.positionals.enumerated() {
      // Reports print the figures each run published; a file written before runs
      // stored them gets them published here.
      var run = try ResultsJSON.readPublished(path: path)
      // Roles are what the ids are, not measurements: a run written before they were
      // recorded gets the catalog's.
      if run.strategyRoles == nil {
        run.strategyRoles = Registry.strategyRoles.filter { id, _ in run.cases.contains { $0.strategy == id } }
      }
      // So are what a strategy gives up and which form a scenario measures.
      if run.strategyTradeOffs == nil {
        run.strategyTradeOffs = Registry.strategyTradeOffs.filter { id, _ in run.cases.contains { $0.strategy == id } }
      }
      if run.scenarioForms == nil {
        run.scenarioForms = BenchmarkRun.scenarioForms(of: Registry.suites)
      }
      entries.append(ReportRuns.Entry(label: labels?[index] ?? ReportRuns.label(forPath: path), run: run))
    }
    if !parsed.flags.contains("--force"),
      let input = parsed.positionals.first(where: { Self.isInside($0, directory) })
    {
      throw UsageError(
        "report: output folder \(directory) holds the input \(input); choose another --out, or add --force to write "
          + "the reports beside it (its results.json is never rewritten)")
    }
    let folder = try OutputFolder(locking: directory)
    var runs = ReportRuns.combining(entries)
    // The latest run's kept profiles, when it counted instructions: the profile view.
    runs.profiles = parsed.positionals.last.flatMap(RegressionExplanations.profiles(besideResults:))
    let written = try ReportWriter.write(
      runs, formats: formats, owning: .report, to: folder.path, onStep: TestHooks.reportWriteStep)
    withExtendedLifetime(folder) {}
    for path in written {
      console.print(path)
    }
    return ExitStatus.success
  }

  /// Every format `report` can write: all but `json`.
  static let accepted = OutputFormat.allCases.filter { $0 != .json }

  /// The formats of `--format`, refusing `json` and listing only what `report`
  /// writes.
  static func parseFormats(_ text: String) throws -> [OutputFormat] {
    let list = accepted.map(\.rawValue).joined(separator: ", ")
    if (try? OutputFormat.parseList(text))?.contains(.json) == true {
      throw UsageError("report: writes no results.json (its inputs are the results); formats: \(list)")
    }
    do {
      return try OutputFormat.parseList(text, accepting: accepted)
    } catch {
      throw UsageError("report: \(error.message)")
    }
  }

  /// Whether the file at `path` lies in `directory` (directly or below), once
  /// both are resolved: `A/results.json` with `--out ./A/` is inside.
  static func isInside(_ path: String, _ directory: String) -> Bool {
    let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    let folder = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
    return file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }
}
