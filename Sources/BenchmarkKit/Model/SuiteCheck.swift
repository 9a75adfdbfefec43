/// A pass/fail verdict on a suite's results, such as "the empty operation measures
/// within 1 ns of zero".
///
/// The runner evaluates every check of a suite after the suite's cases ran, records
/// the outcome in the run and fails the run when a check fails. A check whose cases
/// were not selected is skipped.
public struct SuiteCheck: Sendable {
  /// The stable key of the check within its suite.
  public var name: String

  /// One line saying what the check asserts.
  public var summary: String

  private let evaluation: @Sendable (SuiteCheckContext) throws -> CheckOutcome?

  /// Creates a check.
  ///
  /// - Parameters:
  ///   - name: The stable key of the check.
  ///   - summary: One line saying what it asserts.
  ///   - evaluate: Judges the results; returns `nil` when the cases it needs did
  ///     not run (the check is then skipped).
  public init(
    name: String,
    summary: String,
    evaluate: @escaping @Sendable (SuiteCheckContext) throws -> CheckOutcome?
  ) {
    self.name = name
    self.summary = summary
    self.evaluation = evaluate
  }

  /// Judges `context`'s results.
  public func evaluate(_ context: SuiteCheckContext) throws -> CheckOutcome? {
    try evaluation(context)
  }
}

/// Thrown by a check that cannot judge this run, e.g. because allocations are
/// not countable under a sanitizer; the check is then recorded as skipped, with
/// the reason, rather than failed.
public struct CheckSkipped: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why the check cannot judge the run.
  public var reason: String

  /// Creates a skip with its reason.
  public init(_ reason: String) {
    self.reason = reason
  }

  /// The reason.
  public var description: String { reason }
}

/// What a check found: the measured value, the expected one and the verdict.
public struct CheckOutcome: Codable, Hashable, Sendable {
  /// Whether the check passed.
  public var passed: Bool
  /// The measured value.
  public var measured: Double
  /// The value the check compares it with.
  public var expected: Double
  /// One line explaining the verdict, with units.
  public var detail: String

  /// Creates an outcome.
  public init(passed: Bool, measured: Double, expected: Double, detail: String) {
    self.passed = passed
    self.measured = measured
    self.expected = expected
    self.detail = detail
  }
}
