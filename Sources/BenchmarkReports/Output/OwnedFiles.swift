import BenchmarkKit

/// The file names a writer owns in an output folder: those it replaces, and
/// removes when its new set does not hold them.
///
/// A folder holds one run: a `run --format csv` into the folder of a full run
/// must not leave that run's `results.json` beside the new `results.csv`, or
/// `check` and `compare` would read the old run. Yet the folder is the user's:
/// notes, a `compare.html` that CI writes beside a run, `profile/` are not ours
/// to delete. The rule is a fixed list of names, the only files obsbench ever
/// writes into an output folder; a name outside it is never touched.
public struct OwnedFiles: Sendable, Equatable {
  /// The names, e.g. `results.csv`.
  public var names: Set<String>

  /// Owns `names`.
  public init(_ names: Set<String>) {
    self.names = names
  }

  /// The baseline build's run, beside `results.json`, in an A/B run (`run --baseline-binary`).
  public static let baselineResults = "baseline-results.json"
  /// An A/B run's verdict in Markdown.
  public static let verdict = "ab.md"

  /// What `run` owns: every format's file, the kept profiles and an A/B run's
  /// baseline and verdict (a plain run into an A/B run's folder removes them).
  public static let run = OwnedFiles(
    Set(OutputFormat.allCases.map(\.fileName) + [KeptProfiles.fileName, baselineResults, verdict]))

  /// What `report` owns: the same but `results.json`, the kept profiles and an
  /// A/B run's baseline and verdict, which are inputs and which it never writes
  /// (with `--force` it writes beside them).
  public static let report = OwnedFiles(
    run.names.subtracting([OutputFormat.json.fileName, KeptProfiles.fileName, baselineResults, verdict]))
}
