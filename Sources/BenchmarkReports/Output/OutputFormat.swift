import BenchmarkKit
import Foundation

/// A file `run` and `report` can write, named by who reads it.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// `results.csv`: one row per case, for spreadsheets and scripts.
  case csv
  /// `results.json`: the whole run with every sample, for `compare`, `report`, `check`.
  case json
  /// `summary.md`: tables for people, e.g. in a pull request.
  case md
  /// `report.html`: a self-contained page for people.
  case html
  /// `github-action-benchmark.json`: the `customSmallerIsBetter` array that
  /// github-action-benchmark charts and alerts on.
  case githubActionBenchmark = "github-action-benchmark"
  /// `bencher.json`: the Bencher Metric Format, for `bencher run --adapter json`.
  case bencher
  /// `influx.lp`: InfluxDB line protocol, one point per case, for its write API.
  case influx

  /// What `run` writes without `--format`: the project's own files; the exports
  /// to trend stores are written when asked for.
  public static let defaults: [OutputFormat] = [.csv, .json, .md, .html]

  /// The file name the format is written to.
  public var fileName: String {
    switch self {
    case .csv: "results.csv"
    case .json: "results.json"
    case .md: "summary.md"
    case .html: "report.html"
    case .githubActionBenchmark: "github-action-benchmark.json"
    case .bencher: "bencher.json"
    case .influx: "influx.lp"
    }
  }

  /// The file's content for `run`.
  public func render(_ run: BenchmarkRun) throws -> Data {
    try render(ReportRuns(run))
  }

  /// The file's content for `runs`: CSV and JSON hold the runs merged (a later
  /// run's case replacing an earlier one's); the summary describes the last run
  /// and its significant changes from the first; the page shows them side by side.
  /// The JSON exports hold the runs merged, as CSV does; InfluxDB's lines hold
  /// every run at its own timestamp, a history a store can load.
  public func render(_ runs: ReportRuns) throws -> Data {
    switch self {
    case .csv: Data(ResultsCSV.render(runs.merged).utf8)
    case .json: try ResultsJSON.encode(runs.merged)
    case .md: Data(MarkdownSummary.render(runs).utf8)
    case .html: Data(HTMLReport.render(runs).utf8)
    case .githubActionBenchmark: try GitHubActionBenchmarkExport.render(runs.merged)
    case .bencher: try BencherExport.render(runs.merged)
    case .influx: Data(InfluxExport.render(runs).utf8)
    }
  }

  /// The formats of a comma-separated list such as `csv,json`, in any case.
  ///
  /// - Parameter accepted: the formats the command writes; another is unknown.
  /// - Throws: ``ReportError`` naming an unknown format and the accepted ones.
  public static func parseList(_ text: String, accepting accepted: [OutputFormat] = allCases) throws(ReportError)
    -> [OutputFormat]
  {
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    var formats = [OutputFormat]()
    for name in names {
      guard let format = OutputFormat(rawValue: name.lowercased()), accepted.contains(format) else {
        throw ReportError(
          "unknown format '\(name)'; formats: \(accepted.map(\.rawValue).joined(separator: ", "))")
      }
      if !formats.contains(format) { formats.append(format) }
    }
    return formats
  }
}
