import BenchmarkKit
import Foundation

/// The runs one report shows: one run, or several side by side (this machine and
/// that one, before and after a change), each with a label.
public struct ReportRuns: Sendable {
  /// One run and what to call it.
  public struct Entry: Sendable {
    /// A short name: a file's folder, a host, `before`, `after`.
    public var label: String
    /// The run.
    public var run: BenchmarkRun

    /// Creates an entry.
    public init(label: String, run: BenchmarkRun) {
      self.label = label
      self.run = run
    }
  }

  /// The runs, in the order given: the first is the baseline of any comparison.
  public var entries: [Entry]
  /// The latest run's kept callgrind profiles, when it counted instructions
  /// (`results-profiles.json`): the report's profile view draws them.
  public var profiles: KeptProfiles?
  /// An A/B run's verdict on the latest run against its baseline build: the
  /// reports open on it.
  public var abVerdict: ABVerdict?

  /// Shows `entries` side by side.
  ///
  /// - Precondition: `entries` is non-empty.
  public init(_ entries: [Entry]) {
    precondition(!entries.isEmpty, "a report of no runs")
    self.entries = entries
  }

  /// Shows one run.
  public init(_ run: BenchmarkRun, label: String = "run") {
    entries = [Entry(label: label, run: run)]
  }

  /// The runs given to `report`: side by side when some of them measured the same
  /// case; otherwise (separate suites, say) merged into one.
  public static func combining(_ entries: [Entry]) -> ReportRuns {
    var seen = Set<CaseKey>()
    var overlap = false
    for entry in entries {
      let keys = Set(entry.run.cases.map(\.key))
      if !seen.isDisjoint(with: keys) { overlap = true }
      seen.formUnion(keys)
    }
    guard entries.count > 1, overlap else {
      return ReportRuns(BenchmarkRun.merging(entries.map(\.run)), label: entries.first?.label ?? "run")
    }
    return ReportRuns(entries)
  }

  /// A label for the run read from `path`: the folder name for a `results.json`,
  /// else the file name without extension.
  public static func label(forPath path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let name = url.deletingPathExtension().lastPathComponent
    guard name == "results" else { return name }
    let folder = url.deletingLastPathComponent().lastPathComponent
    return folder.isEmpty || folder == "/" ? name : folder
  }

  /// Whether several runs are shown.
  public var isSideBySide: Bool { entries.count > 1 }

  /// The last run: the one summaries describe.
  public var latest: BenchmarkRun { entries[entries.count - 1].run }

  /// Every run as one, a later run's case replacing an earlier one's.
  public var merged: BenchmarkRun { BenchmarkRun.merging(entries.map(\.run)) }
}
