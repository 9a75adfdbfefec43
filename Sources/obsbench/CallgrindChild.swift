import BenchmarkKit
import Foundation

/// The instructions mode's two processes: the parent starts `obsbench
/// callgrind-child DIR ARGS…` under callgrind, the child measures the cases that
/// `ARGS` (the options of `run`) select and leaves its manifest and dumps in `DIR`.
enum CallgrindChild {
  /// The hidden subcommand the child runs.
  static let command = "callgrind-child"

  /// Runs the selection of `runArguments` under callgrind and reads back the counts.
  ///
  /// - Parameters:
  ///   - directory: Where the dumps go; kept for the caller to read or delete.
  /// - Throws: ``CallgrindError`` when valgrind fails or leaves nothing readable.
  ///   - executable: The obsbench whose child runs: this one by default, another
  ///     build's for `explain --baseline-binary` (the child's protocol is the same).
  static func measure(
    _ runArguments: [String], callgrind: Callgrind, directory: String, console: Console, executable: String? = nil
  ) throws -> InstructionMeasurements {
    let executable = executable ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let arguments = [command, directory] + runArguments
    if try !runs(callgrind, executable: executable, arguments: arguments, directory: directory) {
      // Valgrind 3.19 reads no DWARF 5; the symbol table is all a count needs,
      // so a copy without debug sections runs (scripts/instructions builds a
      // binary with DWARF 4 line tables for line-level profiles).
      let copy = "\(directory)/obsbench-nodebug"
      try stripDebugInformation(of: executable, to: copy)
      clearDumps(in: directory)
      try callgrind.run(executable: copy, arguments: arguments, directory: directory)
    }
    return try InstructionMeasurements(directory: directory)
  }

  /// The child: measures the selected cases and writes the manifest.
  static func run(_ arguments: [String], console: Console, registry: [BenchmarkSuite]) throws -> Int32 {
    guard let directory = arguments.first else { throw UsageError("\(command): expected a folder") }
    ChildProcesses.dieWithParent()
    let options = try RunOptions(parsing: Array(arguments.dropFirst()))
    let plan = try BenchmarkPlan(registry: registry, selection: options.selection)
    let recorder = InstructionRecorder(dumpBase: Callgrind.dumpBase(in: directory)) { line in
      console.printError("obsbench: instructions \(line)")
    }
    let entries = recorder.record(plan)
    try InstructionMeasurements.writeManifest(entries, to: directory)
    return ExitStatus.success
  }

  // Runs the child; false when valgrind could not read its debug information,
  // any other failure thrown.
  private static func runs(
    _ callgrind: Callgrind, executable: String, arguments: [String], directory: String
  ) throws -> Bool {
    do {
      try callgrind.run(executable: executable, arguments: arguments, directory: directory)
      return true
    } catch {
      if error.message.contains("DWARF 5") { return false }
      throw error
    }
  }

  private static func stripDebugInformation(of executable: String, to copy: String) throws(CallgrindError) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["objcopy", "--strip-debug", executable, copy]
    do {
      try process.run()
    } catch {
      throw CallgrindError("cannot run objcopy to make a copy of obsbench valgrind reads: \(error.localizedDescription)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CallgrindError(
        "valgrind cannot read this obsbench's DWARF 5 debug information and objcopy could not strip it; build with scripts/instructions")
    }
  }

  private static func clearDumps(in directory: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in names where name.hasPrefix("callgrind.out") {
      try? FileManager.default.removeItem(atPath: "\(directory)/\(name)")
    }
  }

  /// A new empty folder for one callgrind run's dumps.
  static func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "obsbench-callgrind-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    ChildProcesses.addScratch(path)
    return path
  }
}
