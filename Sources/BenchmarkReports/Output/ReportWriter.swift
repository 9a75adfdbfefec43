import BenchmarkKit
import Foundation

/// Writes report files into a folder so that the folder holds one whole set:
/// the old one or the new one, never a mix, never a half-written file.
///
/// Every file is rendered in memory first; the folder and its missing parents
/// are created only then. The new set is staged inside the folder and put in
/// place file by file, each rename atomic, in an order that keeps
/// `results.json` and the files beside it one run's (``StagedSet``). The
/// writer's ``OwnedFiles`` it does not write again are removed; every other
/// entry of the folder (a user's files, `compare.html`) is kept.
public enum ReportWriter {
  /// Writes `run` in each of `formats` into `directory`; returns the paths written.
  ///
  /// - Parameter onStep: Called at each step of putting the files in place
  ///   (``StagedSet/install(_:owning:in:onStep:)``).
  /// - Throws: ``ReportError`` when a file cannot be rendered or written; the
  ///   folder's previous files are then untouched.
  @discardableResult
  public static func write(
    _ run: BenchmarkRun, formats: [OutputFormat], alongside extraFiles: [(name: String, data: Data)] = [],
    owning owned: OwnedFiles = .run, to directory: String, onStep: (String) -> Void = { _ in }
  ) throws(ReportError) -> [String] {
    try write(
      ReportRuns(run), formats: formats, alongside: extraFiles, owning: owned, to: directory, onStep: onStep)
  }

  /// Writes `runs` in each of `formats`, and `extraFiles` as given, into
  /// `directory` as one set, removing the files of `owned` the set does not
  /// hold; returns the paths written.
  ///
  /// - Parameter onStep: Called at each step of putting the files in place
  ///   (``StagedSet/install(_:owning:in:onStep:)``).
  /// - Throws: ``ReportError`` when a file cannot be rendered or written; the
  ///   folder's previous files are then untouched.
  @discardableResult
  public static func write(
    _ runs: ReportRuns, formats: [OutputFormat], alongside extraFiles: [(name: String, data: Data)] = [],
    owning owned: OwnedFiles = .run, to directory: String, onStep: (String) -> Void = { _ in }
  ) throws(ReportError) -> [String] {
    var rendered: [(name: String, data: Data)]
    do {
      rendered = try formats.map { ($0.fileName, try $0.render(runs)) }
    } catch {
      throw ReportError("cannot render the results: \(error)")
    }
    // Files that belong to the set (kept profiles) swap in with it.
    rendered += extraFiles
    let path = OutputPath(directory)
    try path.validate()
    try path.create()
    try StagedSet.install(rendered, owning: owned, in: directory, onStep: onStep)
    return rendered.map { StagedSet.join(directory, $0.name) }
  }
}
