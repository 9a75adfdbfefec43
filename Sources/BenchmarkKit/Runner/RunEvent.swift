/// Something the runner reports while it works, for progress output.
public enum RunEvent: Sendable {
  /// The loop overhead is being measured, before any case.
  case measuringOverhead
  /// The loop overhead was measured, in ns per iteration.
  case measuredOverhead(nsPerIteration: Double)
  /// A group of cases (one scenario and size, several strategies) starts.
  case groupStarted(firstCase: Int, totalCases: Int, group: String, etaSeconds: Double?)
  /// A case finished (1-based `index` of `total`), successfully or not.
  case caseFinished(index: Int, total: Int, result: CaseResult, etaSeconds: Double?)
  /// A suite check was evaluated.
  case checkFinished(CheckResult)
}
