import Foundation

/// Launches the built `obsbench` executable and captures what it prints.
enum ObsbenchProcess {
  struct Outcome {
    var status: Int32
    var out: String
    var err: String

    /// The lines of standard error, without empty ones.
    var errorLines: [String] {
      err.split(separator: "\n").map(String.init)
    }
  }

  /// The executable: `OBSBENCH_TEST_EXECUTABLE` when set (scripts/test runs
  /// the callgrind-heavy suites against the release build), else beside the
  /// test bundle, or in the package's `.build/debug`.
  static let executable: URL? = {
    let fileManager = FileManager.default
    var candidates = [URL]()
    if let chosen = ProcessInfo.processInfo.environment["OBSBENCH_TEST_EXECUTABLE"] {
      // Chosen on purpose: a path that is not there fails the tests rather than
      // falling back to another build.
      return fileManager.isExecutableFile(atPath: chosen) ? URL(fileURLWithPath: chosen) : nil
    }
    if let first = CommandLine.arguments.first {
      candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("obsbench"))
    }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("obsbench"))
    candidates.append(Bundle.main.bundleURL.appendingPathComponent("obsbench"))
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent(".build/debug/obsbench"))
    return candidates.first { fileManager.isExecutableFile(atPath: $0.path) }
  }()

  /// Runs `obsbench` with `arguments` in `directory` and waits for it.
  /// `environment` entries replace the test process's own; an empty value removes one.
  static func run(
    _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
  ) throws -> Outcome {
    guard let executable else { throw CocoaError(.fileNoSuchFile) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    if !environment.isEmpty {
      var merged = ProcessInfo.processInfo.environment
      for (name, value) in environment { merged[name] = value.isEmpty ? nil : value }
      process.environment = merged
    }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read both pipes before waiting, so a full pipe cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    group.enter()
    DispatchQueue.global().async {
      outData = out.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    errData = err.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus : process.terminationStatus,
      out: String(decoding: outData, as: UTF8.self),
      err: String(decoding: errData, as: UTF8.self))
  }

  /// A new empty folder under the temporary directory.
  static func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "obsbench-cli-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
