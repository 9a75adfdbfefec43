import BenchmarkKit
import Foundation

/// The instructions mode's two processes: the parent starts `obsbench
/// callgrind-child DIR ARGS…` under callgrind, once per case, and the child
/// measures the one case `ARGS` (the options of `run`) select and leaves its
/// manifest and dumps in `DIR`.
///
/// A case is counted in a process of its own because its count depends on the
/// heap it runs in: the order in which its objects' addresses fall decides how
/// much sorting an access list does (`AccessList.mergeDuplicates`) and which of
/// malloc's paths run. Counted after other cases in one process,
/// `reads/render-body[100] lock-thread-keypath` took 24 619 instructions after
/// the other cases of `scripts/ci-instructions` and 24 317 after a smaller
/// selection; in a fresh process with the same arguments and environment it
/// takes the same count whatever else is selected.
enum CallgrindChild {
  /// The hidden subcommand the child runs.
  static let command = "callgrind-child"

  /// Counts each of `cases` under callgrind, each in a process of its own, as
  /// many at a time as there are cores, and reads back the counts.
  ///
  /// - Parameters:
  ///   - directory: Where each case's folder of dumps goes; kept for the caller
  ///     to read or delete.
  ///   - executable: The obsbench whose child runs: this one by default, another
  ///     build's for `explain --baseline-binary` (the child's protocol is the same).
  /// - Throws: ``CallgrindError`` when valgrind fails or leaves nothing readable.
  static func measure(
    _ cases: [CountedCase], callgrind: Callgrind, directory: String, console: Console, executable: String? = nil
  ) throws -> CallgrindCounts {
    let original = executable ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    // Every child runs the same path from a folder as deep, so its arguments
    // take the same room on the heap whichever build or checkout it is.
    let link = "\(directory)/obsbench"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: original)
    var launcher = Launcher(
      cases: cases, callgrind: callgrind, directory: directory, console: console,
      total: cases.filter { $0.skipReason == nil }.count)
    var pending = cases.indices.filter { cases[$0].skipReason == nil }[...]
    var folders = [Int: String]()
    if let first = pending.popFirst() {
      do {
        folders[first] = try launcher.count(first)
      } catch let error as CallgrindError where error.message.contains("DWARF 5") {
        // Valgrind 3.19 reads no DWARF 5; the symbol table is all a count needs,
        // so a copy without debug sections runs (scripts/instructions builds a
        // binary with DWARF 4 line tables for line-level profiles).
        try? FileManager.default.removeItem(atPath: link)
        try? FileManager.default.removeItem(atPath: Launcher.folder(of: first, in: directory))
        try stripDebugInformation(of: original, to: link)
        // The same case again: its progress line is already printed.
        launcher.started = 0
        folders[first] = try launcher.count(first, announce: false)
      }
    }
    // Counts do not depend on timing, so the children share the cores; the
    // oldest is waited for first, and the cases take similar times.
    let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
    var running = [(index: Int, folder: String, process: Process)]()
    while !pending.isEmpty || !running.isEmpty {
      if let next = pending.first, running.count < width {
        pending.removeFirst()
        let child = try launcher.start(next)
        running.append((next, child.folder, child.process))
        continue
      }
      let oldest = running.removeFirst()
      do {
        try callgrind.wait(for: oldest.process, directory: oldest.folder)
      } catch {
        for other in running { other.process.terminate() }
        throw CallgrindError("\(cases[oldest.index].key): \(error.message)")
      }
      folders[oldest.index] = oldest.folder
    }
    var parts = [CallgrindCounts.Part]()
    for (index, item) in cases.enumerated() {
      if let reason = item.skipReason {
        let skipped = InstructionMeasurements.Case(key: item.key, operationsPerIteration: 1, skipReason: reason)
        parts.append(CallgrindCounts.Part(folder: nil, measurements: InstructionMeasurements(cases: [skipped])))
      } else if let folder = folders[index] {
        parts.append(CallgrindCounts.Part(folder: folder, measurements: try InstructionMeasurements(directory: folder)))
      }
    }
    return CallgrindCounts(parts: parts)
  }

  /// Starts the children, each in a folder of its own, and says which case runs.
  private struct Launcher {
    var cases: [CountedCase]
    var callgrind: Callgrind
    var directory: String
    var console: Console
    var total: Int
    var started = 0

    /// Starts case `index`'s child, saying so unless `announce` is false.
    mutating func start(_ index: Int, announce: Bool = true) throws -> (folder: String, process: Process) {
      let folder = Self.folder(of: index, in: directory)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      started += 1
      if announce { console.printError("obsbench: instructions [\(started)/\(total)] \(cases[index].key)") }
      let arguments = [command, "."] + cases[index].childArguments
      return (folder, try callgrind.start(executable: "../obsbench", arguments: arguments, directory: folder))
    }

    /// The folder of case `index`: as long for every case, since the length
    /// of the child's working folder moved counts too (update-row@10 by 0.8%).
    static func folder(of index: Int, in directory: String) -> String {
      let digits = String(index)
      return "\(directory)/case-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// Counts case `index` and returns its folder.
    mutating func count(_ index: Int, announce: Bool = true) throws -> String {
      let child = try start(index, announce: announce)
      try callgrind.wait(for: child.process, directory: child.folder)
      return child.folder
    }
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

  private static func stripDebugInformation(of executable: String, to copy: String) throws(CallgrindError) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["objcopy", "--strip-debug", executable, copy]
    do {
      try process.run()
    } catch {
      throw CallgrindError(
        "cannot run objcopy to make a copy of obsbench valgrind reads: \(error.localizedDescription)")
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CallgrindError(
        "valgrind cannot read this obsbench's DWARF 5 debug information and objcopy could not strip it; build with "
          + "scripts/instructions"
      )
    }
  }

  /// A new empty folder for one callgrind run's dumps.
  ///
  /// In `/tmp` whatever `TMPDIR` says: a child counted in a folder of another
  /// length counts differently (update-row@10 by 0.8%), so every machine and
  /// shell uses folders of one length.
  static func temporaryDirectory() throws -> String {
    let path = "/tmp/obsbench-callgrind-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    ChildProcesses.addScratch(path)
    return path
  }
}
