/// Bad input to a report, comparison or check: one line for the user.
///
/// The command line prints ``message`` on standard error and exits with 64.
public struct ReportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line saying what is wrong and where.
  public var message: String

  /// Creates an error with its message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
