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
          "valgrind not found at \(pathVariable)=\(explicit); the instructions metric needs valgrind's callgrind (Debian package valgrind; scripts/bootstrap installs it)")
      }
      return Callgrind(valgrind: explicit)
    }
    let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    guard let found = directories.map({ "\($0)/valgrind" }).first(where: FileManager.default.isExecutableFile)
    else {
      throw CallgrindError(
        "valgrind not found on PATH; the instructions metric needs valgrind's callgrind (Debian package valgrind; scripts/bootstrap installs it)")
    }
    return Callgrind(valgrind: found)
  }

  /// Creates a runner of `valgrind`.
  public init(valgrind: String) {
    self.valgrind = valgrind
  }

  /// Runs `executable` with `arguments` under callgrind, dumps going to
  /// `directory/callgrind.out.N`, and waits for it.
  ///
  /// The child runs with `OBSBENCH_JEMALLOC=off` (valgrind and a preloaded
  /// allocator do not mix; the system allocator is what it counts) and inherits
  /// standard error, where it reports progress.
  ///
  /// - Throws: ``CallgrindError`` when valgrind cannot start or the child fails;
  ///   the message quotes valgrind's reason and, for unreadable DWARF 5 debug
  ///   information, says how to build a binary it reads.
  public func run(executable: String, arguments: [String], directory: String) throws(CallgrindError) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments = [
      "--tool=callgrind",
      "--zero-before=obsbench_measure_begin",
      "--dump-before=obsbench_measure_end",
      "--compress-strings=no",
      "--compress-pos=no",
      "--callgrind-out-file=\(Self.dumpBase(in: directory))",
      "--log-file=\(directory)/valgrind.log",
      executable,
    ] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["OBSBENCH_JEMALLOC"] = "off"
    environment["LD_PRELOAD"] = nil
    // Swift seeds its hashing per process, so a dictionary's probes, and with
    // them the count, differed by up to 4% between two runs of one build; a fixed
    // seed makes counts repeat, which an instruction gate needs.
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    process.environment = environment
    do {
      try process.run()
    } catch {
      throw CallgrindError("cannot start \(valgrind): \(error.localizedDescription)")
    }
    ChildProcesses.started(process)
    process.waitUntilExit()
    ChildProcesses.ended(process)
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw CallgrindError(failureReason(directory: directory, status: process.terminationStatus))
    }
  }

  /// The `--callgrind-out-file` base in `directory`; dump N is `BASE.N`.
  public static func dumpBase(in directory: String) -> String {
    "\(directory)/callgrind.out"
  }

  private func failureReason(directory: String, status: Int32) -> String {
    let log = (try? String(contentsOfFile: "\(directory)/valgrind.log", encoding: .utf8)) ?? ""
    if log.contains("dwarf") || log.contains("debuginfo") {
      return "valgrind cannot read this obsbench's DWARF 5 debug information; build it with scripts/instructions (swift build -c release --scratch-path .build-callgrind -Xcc -gdwarf-4 -Xswiftc -dwarf-version=4)"
    }
    let lastLines = log.split(separator: "\n").suffix(3).map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
    return "the callgrind run exited with status \(status)"
      + (lastLines.isEmpty ? "" : ": " + lastLines.joined(separator: " / "))
  }
}
