import Foundation

/// Where a command writes: standard output for results, standard error for
/// progress and messages.
///
/// A value of closures so that tests can capture what a command prints.
struct Console {
  /// Writes to standard output.
  var out: (String) -> Void
  /// Writes to standard error.
  var err: (String) -> Void
  /// Whether standard error is a terminal (progress then redraws one line).
  var errorIsTerminal: Bool

  /// The process's standard output and error.
  static var standard: Console {
    Console(
      out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
      err: { text in FileHandle.standardError.write(Data(text.utf8)) },
      errorIsTerminal: isatty(STDERR_FILENO) == 1
    )
  }

  /// Writes `line` and a line feed to standard output.
  func print(_ line: String) {
    out(line + "\n")
  }

  /// Writes `line` and a line feed to standard error.
  func printError(_ line: String) {
    err(line + "\n")
  }
}
