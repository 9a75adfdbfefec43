import Foundation

/// Makes jemalloc the allocator of the current process by re-executing it with
/// `LD_PRELOAD`, so that allocations can be counted without linking jemalloc.
///
/// `obsbench` calls ``ensureLoaded()`` first thing. When jemalloc is not loaded
/// yet, the process is not sanitized (a sanitizer's allocator and jemalloc cannot
/// share a process) and the library is installed, it replaces itself with the
/// same command under `LD_PRELOAD=libjemalloc.so.2`; in the new image it removes
/// the variable again so that the commands it runs (`git`, `swift`) do not
/// inherit it. Set `OBSBENCH_JEMALLOC` to the library's path to override the
/// search, or to `off` to run with the system allocator. A path that does not
/// load as jemalloc is an error, never a silent fall-back to uncounted
/// allocations.
public enum JemallocPreload {
  private static let markerVariable = "OBSBENCH_JEMALLOC_PRELOADED"

  /// Why the jemalloc that `OBSBENCH_JEMALLOC` names cannot serve the process.
  public struct Failure: Error, CustomStringConvertible {
    /// One line for the user.
    public var description: String
  }

  /// Re-executes the process with jemalloc preloaded if that is possible and
  /// not done yet; returns when nothing needs doing or re-executing failed.
  ///
  /// - Throws: ``Failure`` when `OBSBENCH_JEMALLOC` names a file that does not
  ///   load or is not jemalloc.
  public static func ensureLoaded() throws(Failure) {
    #if os(Linux)
      let environment = ProcessInfo.processInfo.environment
      let explicit = environment["OBSBENCH_JEMALLOC"].flatMap { $0 == "off" ? nil : $0 }
      if environment[markerVariable] != nil {
        unsetenv(markerVariable)
        unsetenv("LD_PRELOAD")
        if let explicit, Jemalloc.loaded == nil {
          throw Failure(
            description:
              "OBSBENCH_JEMALLOC=\(explicit) was preloaded but serves no jemalloc (no mallctl); set it to a "
                + "libjemalloc.so.2, or to off"
          )
        }
        return
      }
      guard Jemalloc.loaded == nil, !isSanitized, environment["OBSBENCH_JEMALLOC"] != "off" else { return }
      if let explicit { try check(explicit) }
      guard let library = libraryPath(environment) else { return }
      setenv(markerVariable, "1", 1)
      let preload = environment["LD_PRELOAD"].map { "\(library):\($0)" } ?? library
      setenv("LD_PRELOAD", preload, 1)
      let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
      execv("/proc/self/exe", arguments)
      // Only reached when exec failed: carry on with allocations unavailable.
      unsetenv(markerVariable)
      if let previous = environment["LD_PRELOAD"] { setenv("LD_PRELOAD", previous, 1) } else { unsetenv("LD_PRELOAD") }
    #endif
  }

  /// Whether a sanitizer runtime is in the process.
  public static var isSanitized: Bool {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    let symbols = ["__tsan_init", "__asan_init", "__msan_init"]
    return symbols.contains { dlsym(process, $0) != nil }
  }

  /// Whether `path` can be preloaded at all: a readable ELF shared object.
  ///
  /// It cannot be test-loaded here: jemalloc's thread-locals need the static TLS
  /// block that only a preload gets (`dlopen` fails for the real library). Whether
  /// it is jemalloc is checked in the re-executed process (`mallctl` present).
  private static func check(_ path: String) throws(Failure) {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw Failure(description: "OBSBENCH_JEMALLOC=\(path) cannot be read; set it to a libjemalloc.so.2, or to off")
    }
    defer { try? handle.close() }
    let magic = (try? handle.read(upToCount: 4)) ?? Data()
    guard magic == Data([0x7F, 0x45, 0x4C, 0x46]) else {
      throw Failure(
        description: "OBSBENCH_JEMALLOC=\(path) is not a shared library; set it to a libjemalloc.so.2, or to off")
    }
  }

  private static func libraryPath(_ environment: [String: String]) -> String? {
    if let explicit = environment["OBSBENCH_JEMALLOC"] {
      return explicit
    }
    let candidates = [
      "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
      "/usr/lib64/libjemalloc.so.2", "/usr/lib/libjemalloc.so.2", "/usr/local/lib/libjemalloc.so.2",
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0) }
  }
}
