/// The exit statuses of `obsbench`, part of the contract CI scripts rely on.
enum ExitStatus {
  /// Success: the run measured everything, no regression, every rule holds.
  static let success: Int32 = 0
  /// A failed result: a regression (`compare`), a broken rule (`check`), a
  /// failed case or self-check (`run`).
  static let failure: Int32 = 1
  /// Bad input: a usage error, unknown names, unreadable or corrupt files (EX_USAGE).
  static let usage: Int32 = 64
}

/// Bad input on the command line: one line for standard error, then exit 64.
struct UsageError: Error, CustomStringConvertible {
  /// The line to print, without the `obsbench:` prefix.
  var message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
