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
      let texts = try entry.dumps.map { dump throws(CallgrindError) in try Self.text("\(base).\(dump)") }
      var profile = KeptProfile(
        key: entry.key, first: try CallgrindDump(parsing: texts[0][...]),
        last: try CallgrindDump(parsing: texts[2][...]),
        operations: 2 * entry.step * entry.operationsPerIteration,
        loopPerOperation: loopPerOperation[entry.operationsPerIteration] ?? 0)
      profile.runtimeCalls = RuntimeCalls(
        perOperation: texts.map { RuntimeCalls(dump: $0[...]) }, step: entry.step,
        operationsPerIteration: entry.operationsPerIteration)
      cases.append(profile)
    }
    self.init(cases)
  }

  private static func text(_ path: String) throws(CallgrindError) -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw CallgrindError("callgrind dump \(path) is missing")
    }
    return text
  }
}
