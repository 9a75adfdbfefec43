import Foundation

/// The three callgrind dumps of Tests/Fixtures/callgrind (its README says how
/// they were made): one case at 32, 64 and 96 iterations, as a run takes them.
enum CallgrindFixture {
  /// The dumps' text, in order of their iteration counts.
  static func texts() throws -> [String] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/callgrind")
    return try (0..<3).map { index in
      try String(
        contentsOf: folder.appendingPathComponent("render-mutate-1.lock-thread-keypath+identity.\(index)"),
        encoding: .utf8)
    }
  }
}
