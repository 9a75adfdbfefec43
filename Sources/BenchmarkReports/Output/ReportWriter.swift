import BenchmarkKit
import Foundation

/// Writes report files into a folder so that none is ever half-written.
///
/// Every file is rendered in memory first, then written to a hidden temporary
/// name in the same folder, and only when all are written are they renamed over
/// the old ones (`rename(2)` within a folder is atomic). A failure at any step
/// removes the temporary files and leaves the folder as it was.
public enum ReportWriter {
  /// Makes sure `directory` exists and accepts new files, before a run spends
  /// minutes measuring.
  ///
  /// - Throws: ``ReportError`` when the folder cannot be created or written.
  public static func prepare(directory: String) throws(ReportError) {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw ReportError("output folder \(directory) is a file") }
    } else {
      do {
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw ReportError("output folder \(directory) cannot be created")
      }
    }
    let probe = temporaryPath(for: ".write-probe", in: directory)
    guard manager.createFile(atPath: probe, contents: Data()) else {
      throw ReportError("output folder \(directory) is not writable")
    }
    try? manager.removeItem(atPath: probe)
  }

  /// Writes `run` in each of `formats` into `directory`; returns the paths written.
  ///
  /// - Throws: ``ReportError`` when a file cannot be rendered or written; the
  ///   folder's previous files are then untouched.
  @discardableResult
  public static func write(
    _ run: BenchmarkRun, formats: [OutputFormat], to directory: String
  ) throws(ReportError) -> [String] {
    try write(ReportRuns(run), formats: formats, to: directory)
  }

  /// Writes `runs` in each of `formats` into `directory`; returns the paths written.
  ///
  /// - Throws: ``ReportError`` when a file cannot be rendered or written; the
  ///   folder's previous files are then untouched.
  @discardableResult
  public static func write(
    _ runs: ReportRuns, formats: [OutputFormat], to directory: String
  ) throws(ReportError) -> [String] {
    let rendered: [(OutputFormat, Data)]
    do {
      rendered = try formats.map { ($0, try $0.render(runs)) }
    } catch {
      throw ReportError("cannot render the results: \(error)")
    }
    try prepare(directory: directory)
    var temporaries = [(temporary: String, final: String)]()
    do {
      for (format, data) in rendered {
        let final = (directory as NSString).appendingPathComponent(format.fileName)
        let temporary = temporaryPath(for: format.fileName, in: directory)
        temporaries.append((temporary, final))
        try data.write(to: URL(fileURLWithPath: temporary))
      }
    } catch {
      for (temporary, _) in temporaries { try? FileManager.default.removeItem(atPath: temporary) }
      throw ReportError("cannot write into \(directory): \(error.localizedDescription)")
    }
    for (index, pair) in temporaries.enumerated() where rename(pair.temporary, pair.final) != 0 {
      for (temporary, _) in temporaries[index...] { try? FileManager.default.removeItem(atPath: temporary) }
      throw ReportError("cannot replace \(pair.final): \(String(cString: strerror(errno)))")
    }
    return temporaries.map(\.final)
  }

  private static func temporaryPath(for name: String, in directory: String) -> String {
    let unique = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    return (directory as NSString).appendingPathComponent(".\(name).tmp-\(unique)")
  }
}
