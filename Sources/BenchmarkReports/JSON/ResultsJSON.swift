import BenchmarkKit
import Foundation

/// Writes and reads `results.json`, the run file that `compare`, `report` and
/// `check` take as input.
public enum ResultsJSON {
  /// The JSON text of `run` as it is: pretty-printed with sorted keys, so runs
  /// diff well.
  ///
  /// Each case's ``CaseResult/published`` is written as the run holds it: the run
  /// publishes its figures once (``Publication/publish(_:)``) before anything is
  /// written, so this file and every other writer show the same numbers. A pass's
  /// partial results are written unpublished.
  public static func encode(_ run: BenchmarkRun) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(run)
  }

  /// The run in `data`.
  ///
  /// - Parameter source: Names the data in messages, e.g. its path.
  /// - Throws: ``ReportError`` when the data is not JSON, is not a run, or is a
  ///   run of a newer format version.
  public static func decode(_ data: Data, source: String) throws(ReportError) -> BenchmarkRun {
    struct Versioned: Decodable { var version: Int }
    let version: Int
    do {
      version = try JSONDecoder().decode(Versioned.self, from: data).version
    } catch {
      throw ReportError("\(source): not an obsbench results file (\(describe(error)))")
    }
    guard version <= BenchmarkRun.currentVersion else {
      throw ReportError(
        "\(source): results format version \(version) is newer than this obsbench reads "
          + "(\(BenchmarkRun.currentVersion))")
    }
    do {
      return try JSONDecoder().decode(BenchmarkRun.self, from: data)
    } catch {
      throw ReportError("\(source): corrupt results file (\(describe(error)))")
    }
  }

  /// The run in the file at `path`.
  ///
  /// - Throws: ``ReportError`` when the file cannot be read or holds no valid run.
  public static func read(path: String) throws(ReportError) -> BenchmarkRun {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ReportError("\(path): cannot read (\(describeFileError(error, path: path)))")
    }
    return try decode(data, source: path)
  }

  // Foundation's messages span lines and name internals; one short clause is
  // what a user needs to find the problem.
  private static func describe(_ error: Error) -> String {
    switch error as? DecodingError {
    case .dataCorrupted(let context)?:
      return context.codingPath.isEmpty ? "invalid JSON" : "invalid value at \(path(context.codingPath))"
    case .keyNotFound(let key, let context)?:
      return "missing '\(key.stringValue)'\(context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))")"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      return "wrong type at \(path(context.codingPath))"
    default:
      return "\(error)".split(separator: "\n").first.map(String.init) ?? "unknown error"
    }
  }

  private static func path(_ codingPath: [CodingKey]) -> String {
    codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
  }

  private static func describeFileError(_ error: Error, path: String) -> String {
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
    if isDirectory.boolValue { return "is a directory" }
    return "permission denied or unreadable"
  }
}
