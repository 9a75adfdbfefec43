import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The ways the command line's own tests reach into a running obsbench, read
/// from the environment here and nowhere else, so that the code that measures
/// and writes reports has no test switches of its own.
enum TestHooks {
  /// Handed to every report write (``ReportWriter``): kills the process at the
  /// step `OBSBENCH_TEST_KILL_AT` names (`before-plan`, `before-commit`,
  /// `between-renames`, `after-commit`), so that the tests can show a write
  /// interrupted at its most delicate moments leaves one whole set of files.
  /// Does nothing without the variable.
  static var reportWriteStep: (String) -> Void {
    guard let killAt = ProcessInfo.processInfo.environment["OBSBENCH_TEST_KILL_AT"] else { return { _ in } }
    return { step in
      if step == killAt { kill(getpid(), SIGKILL) }
    }
  }
}
