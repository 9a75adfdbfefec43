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

  /// The file name the format is written to.
  public var fileName: String {
    switch self {
    case .csv: "results.csv"
    case .json: "results.json"
    case .md: "summary.md"
    case .html: "report.html"
    }
  }

  /// The file's content for `run`.
  public func render(_ run: BenchmarkRun) throws -> Data {
    try render(ReportRuns(run))
  }

  /// The file's content for `runs`: CSV and JSON hold the runs merged (a later
  /// run's case replacing an earlier one's); the summary describes the last run
  /// and its significant changes from the first; the page shows them side by side.
  public func render(_ runs: ReportRuns) throws -> Data {
    switch self {
    case .csv: Data(ResultsCSV.render(runs.merged).utf8)
    case .json: try ResultsJSON.encode(runs.merged)
    case .md: Data(MarkdownSummary.render(runs).utf8)
    case .html: Data(HTMLReport.render(runs).utf8)
    }
  }

  /// The formats of a comma-separated list such as `csv,json`.
  ///
  /// - Throws: ``ReportError`` naming an unknown format and the known ones.
  public static func parseList(_ text: String) throws(ReportError) -> [OutputFormat] {
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    var formats = [OutputFormat]()
    for name in names {
      guard let format = OutputFormat(rawValue: name.lowercased()) else {
        throw ReportError(
          "unknown format '\(name)'; formats: \(allCases.map(\.rawValue).joined(separator: ", "))")
      }
      if !formats.contains(format) { formats.append(format) }
    }
    return formats
  }
}
