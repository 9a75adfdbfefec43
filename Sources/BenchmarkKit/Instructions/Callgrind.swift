import Foundation

/// Valgrind's callgrind tool, found and run the way the instructions mode needs it.
///
/// The measured process runs under `valgrind --tool=callgrind` with counters
/// zeroed on entering `obsbench_measure_begin` and dumped on entering
/// `obsbench_measure_end` (see ``measuredRegion(_:_:)``), strings and positions
/// uncompressed so that ``CallgrindDump`` reads the dumps, and valgrind's own
/// messages in a log file, read back when something fails.
public struct Callgrind: Sendable {
  /// The valgrind executable.
  public var valgrind: String

  /// The environment variable naming the valgrind executable, overriding `PATH`.
  public static let pathVariable = "OBSBENCH_VALGRIND"

  /// Finds valgrind: `OBSBENCH_VALGRIND` when set, else `valgrind` on `PATH`.
  ///
  /// - Throws: ``CallgrindError`` with one line saying what is missing and how to
  ///   get it.
  public static func locate(environment: [String: String]) throws(CallgrindError) -> Callgrind {
    if let explicit = environment[pathVariable] {
      guard FileManager.default.isExecutableFile(atPath: explicit) else {
        throw CallgrindError(
          "valgrind not found at \(pathVariable)=\(explicit); the instructions metric needs valgrind's "
            + "callgrind (Debian package valgrind; scripts/bootstrap installs it)"
        )
      }
      return Callgrind(valgrind: explicit)
    }
    let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    guard let found = directories.map({ "\($0)/valgrind" }).first(where: FileManager.default.isExecutableFile)
    else {
      throw CallgrindError(
        "valgrind not found on PATH; the instructions metric needs valgrind's callgrind (Debian package "
          + "valgrind; scripts/bootstrap installs it)"
      )
    }
    return Callgrind(valgrind: found)
  }

  /// Creates a runner of `valgrind`.
  public init(valgrind: String) {
    self.valgrind = valgrind
  }

  /// Runs `executable` with `arguments` under callgrind in `directory`, dumps
  /// going to `directory/callgrind.out.N`, and waits for it.
  ///
  /// The child runs in `directory` with ``childEnvironment(from:)`` and its
  /// standard error in `directory/stderr.log` (quoted when it fails).
  ///
  /// - Throws: ``CallgrindError`` when valgrind cannot start or the child fails;
  ///   the message quotes valgrind's reason and, for unreadable DWARF 5 debug
  ///   information, says how to build a binary it reads.
  public func run(executable: String, arguments: [String], directory: String) throws(CallgrindError) {
    try wait(for: start(executable: executable, arguments: arguments, directory: directory), directory: directory)
  }

  /// Starts what ``run(executable:arguments:directory:)`` runs and returns at
  /// once; ``wait(for:directory:)`` finishes it.
  ///
  /// - Throws: ``CallgrindError`` when valgrind cannot start.
  public func start(executable: String, arguments: [String], directory: String) throws(CallgrindError) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments =
      [
        "--tool=callgrind",
        "--zero-before=obsbench_measure_begin",
        "--dump-before=obsbench_measure_end",
        "--compress-strings=no",
        "--compress-pos=no",
        "--callgrind-out-file=\(Self.dumpBase(in: directory))",
        "--log-file=\(directory)/valgrind.log",
        executable,
      ] + arguments
    process.environment = Self.childEnvironment(from: ProcessInfo.processInfo.environment)
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let log = "\(directory)/\(Self.standardErrorName)"
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    process.standardError = FileHandle(forWritingAtPath: log)
    do {
      try process.run()
    } catch {
      throw CallgrindError("cannot start \(valgrind): \(error.localizedDescription)")
    }
    ChildProcesses.started(process)
    return process
  }

  /// Waits for a process ``start(executable:arguments:directory:)`` started.
  ///
  /// - Throws: ``CallgrindError`` when the child failed; the message quotes
  ///   valgrind's reason and, for unreadable DWARF 5 debug information, says how
  ///   to build a binary it reads.
  public func wait(for process: Process, directory: String) throws(CallgrindError) {
    process.waitUntilExit()
    ChildProcesses.ended(process)
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw CallgrindError(failureReason(directory: directory, status: process.terminationStatus))
    }
  }

  /// The environment the counted process gets: the same on every machine and
  /// in every shell, whatever the caller's holds.
  ///
  /// The child reads its environment into the heap, so a longer variable moved
  /// where the case's objects landed and with it the count (by 12 instructions
  /// of render-body@100's 24 300). Kept from the caller: only what finds the
  /// Swift runtime and valgrind's tools. `OBSBENCH_JEMALLOC=off`: valgrind and a
  /// preloaded allocator do not mix, the system allocator is what it counts.
  /// `SWIFT_DETERMINISTIC_HASHING`: Swift seeds its hashing per process, so a
  /// dictionary's probes, and with them the count, differed by up to 4% between
  /// two runs of one build.
  public static func childEnvironment(from caller: [String: String]) -> [String: String] {
    var environment = caller.filter { name, _ in ["LD_LIBRARY_PATH", "VALGRIND_LIB"].contains(name) }
    environment["OBSBENCH_JEMALLOC"] = "off"
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    return environment
  }

  /// The file in the run's folder that holds the child's standard error.
  public static let standardErrorName = "stderr.log"

  /// The `--callgrind-out-file` base in `directory`; dump N is `BASE.N`.
  public static func dumpBase(in directory: String) -> String {
    "\(directory)/callgrind.out"
  }

  private func failureReason(directory: String, status: Int32) -> String {
    let log = (try? String(contentsOfFile: "\(directory)/valgrind.log", encoding: .utf8)) ?? ""
    if log.contains("dwarf") || log.contains("debuginfo") {
      return
        "valgrind cannot read this obsbench's DWARF 5 debug information; build it with scripts/instructions "
          + "(swift build -c release --scratch-path .build-callgrind -Xcc -gdwarf-4 -Xswiftc -dwarf-version=4)"
    }
    let lastLines = log.split(separator: "\n").suffix(3).map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
    let childError = (try? String(contentsOfFile: "\(directory)/\(Self.standardErrorName)", encoding: .utf8))?
      .split(separator: "\n").last { !$0.hasPrefix("obsbench: instructions [") }
    return "the callgrind run exited with status \(status)"
      + (lastLines.isEmpty ? "" : ": " + lastLines.joined(separator: " / "))
      + (childError.map { " (\($0))" } ?? "")
  }
}
