import Foundation
import Testing

/// A signal that ends `obsbench run` ends the pass child it waits for, which
/// Foundation starts in a process group of its own, and leaves no scratch behind,
/// nor the output folder's missing parents.
@Suite("Signals", .serialized)
struct SignalTests {
  /// The pids of processes whose command line holds `fragment`.
  static func processes(containing fragment: String) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
      return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ").contains(fragment)
    }
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func run_whenTheParentAloneIsSignalled_endsItsPassChild_andRemovesItsScratch(signal: Int32) throws {
    guard let executable = ObsbenchProcess.executable else {
      Issue.record("obsbench is not built")
      return
    }
    let scratch = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let process = Process()
    process.executableURL = executable
    process.arguments = [
      "run", "--quick", "--suite", "reads", "--scenario", "tracked*", "--samples", "4000", "--out", scratch + "/a/b",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = scratch + "/"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    let errorPath = scratch + "/stderr"
    #expect(FileManager.default.createFile(atPath: errorPath, contents: nil))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    try process.run()
    // Wait for the first pass child (its request lies in the scratch folder).
    var children = [Int32]()
    for _ in 0..<600 where children.isEmpty {
      usleep(50_000)
      children = Self.processes(containing: "pass-child " + scratch)
    }
    try #require(!children.isEmpty, "no pass child started within 30 s")
    kill(process.processIdentifier, signal)
    for _ in 0..<600 where process.isRunning { usleep(50_000) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      Issue.record("obsbench did not end within 30 s of the signal")
    }
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + signal)
    // One line says what stopped it; the pass child, ended by its parent, says nothing.
    let said = String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
    let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
    #expect(said.components(separatedBy: "obsbench: stopped by").count - 1 == 1, "\(said)")
    #expect(said.contains("obsbench: stopped by \(name) (exit \(128 + signal));"), "\(said)")
    var left = Self.processes(containing: "pass-child " + scratch)
    for _ in 0..<100 where !left.isEmpty {
      usleep(50_000)
      left = Self.processes(containing: "pass-child " + scratch)
    }
    #expect(left.isEmpty, "pass children still running: \(left)")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []
    #expect(files.filter { $0.hasPrefix("obsbench-passes-") || $0.hasPrefix("TemporaryDirectory.") }.isEmpty)
    // Nothing is created before measuring ends: not even the missing parents.
    #expect(!FileManager.default.fileExists(atPath: scratch + "/a"))
  }
}
