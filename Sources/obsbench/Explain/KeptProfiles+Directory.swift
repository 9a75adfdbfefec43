import BenchmarkKit
import Foundation

extension KeptProfiles {
  /// The profiles of every measured case whose dumps the callgrind child left
  /// in `directory` (``CallgrindChild/measure(_:callgrind:directory:console:executable:)``).
  ///
  /// - Parameter loopPerOperation: The reference loop's instructions per
  ///   operation by loop shape, as the measurements read them.
  /// - Throws: ``CallgrindError`` when the manifest or a dump is missing or unreadable.
  init(directory: String, loopPerOperation: [Int: Double]) throws(CallgrindError) {
    let base = Callgrind.dumpBase(in: directory)
    var cases = [KeptProfile]()
    for entry in try InstructionMeasurements.manifest(in: directory) where entry.kind == .measured {
      guard entry.dumps.count == 3 else {
        throw CallgrindError("the manifest lists \(entry.dumps.count) dumps for \(entry.key)")
      }
      cases.append(
        KeptProfile(
          key: entry.key, first: try Self.dump("\(base).\(entry.dumps[0])"),
          last: try Self.dump("\(base).\(entry.dumps[2])"),
          operations: 2 * entry.step * entry.operationsPerIteration,
          loopPerOperation: loopPerOperation[entry.operationsPerIteration] ?? 0))
    }
    self.init(cases)
  }

  private static func dump(_ path: String) throws(CallgrindError) -> CallgrindDump {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw CallgrindError("callgrind dump \(path) is missing")
    }
    return try CallgrindDump(parsing: text[...])
  }
}
