import BenchmarkKit

/// The comparison of two runs' instruction counts, case by case: the metric CI
/// can gate on tightly, since it does not move with the machine.
///
/// A count is exact for a build, so there is no noise model: a case regressed
/// when its instructions per operation grew by more than the threshold (1% by
/// default), improved when they shrank by more, however few instructions the
/// operation takes (a read of 4 that takes 4.45 grew by 11%). Only cases counted
/// in both runs are compared.
public struct InstructionComparison: Sendable {
  /// One case counted in both runs.
  public struct Row: Sendable {
    /// The case.
    public var key: CaseKey
    /// Instructions per operation in the baseline.
    public var baseline: Double
    /// Instructions per operation now.
    public var current: Double
    /// What happened, by the threshold.
    public var verdict: RunComparison.Verdict

    /// `current / baseline`, or `nil` when the baseline counted nothing.
    public var ratio: Double? { baseline != 0 ? current / baseline : nil }
  }

  /// The default threshold: 1%.
  public static let defaultThreshold = 0.01

  /// The smallest change two counts can show: 2⁻¹⁶ of an instruction.
  ///
  /// A count per operation is a whole number of instructions over 2 × step ×
  /// operations per iteration operations, each a power of two of at most 4096
  /// and 8 (``InstructionRecorder/stepRange``, the unrolled loop), less the
  /// loop's count, made the same way; so two counts differ by a multiple of
  /// 2⁻¹⁶, and any difference under half of that is the arithmetic's rounding.
  public static let resolution = 1.0 / 65_536

  /// The cases counted in both runs, in the current run's order.
  public var rows: [Row]
  /// The relative change that counts.
  public var threshold: Double

  /// Compares the counts of `current` with those of `baseline`.
  public init(baseline: BenchmarkRun, current: BenchmarkRun, threshold: Double = defaultThreshold) {
    self.threshold = threshold
    let before = Dictionary(
      baseline.cases.compactMap { result in result.instructionsPerOperation.map { (result.key, $0) } },
      uniquingKeysWith: { first, _ in first })
    rows = current.cases.compactMap { result in
      guard let now = result.instructionsPerOperation, let then = before[result.key] else { return nil }
      return Row(
        key: result.key, baseline: then, current: now, verdict: Self.verdict(from: then, to: now, threshold: threshold))
    }
  }

  /// Whether a count that went from `then` to `now` changed by more than
  /// `threshold` of itself; a change under half the ``resolution`` is none.
  public static func verdict(from then: Double, to now: Double, threshold: Double) -> RunComparison.Verdict {
    let change = now - then
    guard abs(change) >= resolution / 2, abs(change) > threshold * abs(then) else { return .unchanged }
    return change > 0 ? .regressed : .improved
  }

  /// The cases whose count grew by more than the threshold.
  public var regressions: [Row] { rows.filter { $0.verdict == .regressed } }

  /// A plain-text table: every case that changed, then a one-line summary.
  public func render() -> String {
    var lines = ["Instructions per operation (threshold \(NumberFormat.fixed(threshold * 100, 1))%):"]
    for row in rows where row.verdict != .unchanged {
      lines.append(
        "  \(row.verdict.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(row.key): "
          + "\(NumberFormat.fixed(row.baseline, 2)) -> \(NumberFormat.fixed(row.current, 2))"
          + (row.ratio.map { " (\(NumberFormat.ratio($0)))" } ?? ""))
    }
    let counts = RunComparison.Verdict.allCases.compactMap { verdict -> String? in
      let count = rows.filter { $0.verdict == verdict }.count
      return count > 0 ? "\(count) \(verdict.rawValue)" : nil
    }
    lines.append("  \(rows.count) cases counted in both runs: " + counts.joined(separator: ", "))
    return lines.joined(separator: "\n") + "\n"
  }
}
