import BenchmarkKit

/// The median-by-median comparison of a current run with a baseline, for CI.
///
/// A case regresses when its median grew by more than the threshold *and* by
/// more than ``absoluteFloorNs``: below that, differences are within the
/// harness's own precision (the self-check promises 1 ns) and ratios of tiny
/// numbers are noise. A case that failed in the current run regresses too.
/// Significance against the samples' spread comes with the reports issue.
public struct RunComparison: Sendable {
  /// What happened to one case between the runs.
  public enum Status: String, Sendable {
    /// Slower by more than the threshold.
    case regression
    /// Faster by more than the threshold.
    case improvement
    /// Within the threshold.
    case unchanged
    /// Measured in the baseline only.
    case onlyInBaseline = "only-in-baseline"
    /// Measured in the current run only.
    case onlyInCurrent = "only-in-current"
    /// No valid measurement in the current run.
    case failed
  }

  /// One case of either run.
  public struct Row: Sendable {
    /// The case.
    public var key: CaseKey
    /// The baseline's median ns per operation.
    public var baseline: Double?
    /// The current median ns per operation.
    public var current: Double?
    /// `current / baseline`, when both are positive.
    public var ratio: Double?
    /// The verdict.
    public var status: Status
  }

  /// Differences smaller than this many ns per operation never count.
  public static let absoluteFloorNs = 0.5

  /// Every case of either run, sorted by key.
  public var rows: [Row]
  /// The relative change that counts, e.g. 0.05 for 5%.
  public var threshold: Double

  /// Compares `current` with `baseline`.
  public init(baseline: BenchmarkRun, current: BenchmarkRun, threshold: Double) {
    self.threshold = threshold
    let old = Dictionary(baseline.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    let new = Dictionary(current.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    rows = Set(old.keys).union(new.keys).sorted().map { key in
      let before = old[key]?.statistics?.median
      let after = new[key]?.statistics?.median
      guard let newCase = new[key] else {
        return Row(key: key, baseline: before, current: nil, ratio: nil, status: .onlyInBaseline)
      }
      guard newCase.failure == nil, let after else {
        return Row(key: key, baseline: before, current: after, ratio: nil, status: .failed)
      }
      guard let before else {
        return Row(key: key, baseline: nil, current: after, ratio: nil, status: .onlyInCurrent)
      }
      let ratio = before > 0 && after > 0 ? after / before : nil
      let delta = after - before
      let status: Status
      if abs(delta) < Self.absoluteFloorNs || abs(delta) <= threshold * abs(before) {
        status = .unchanged
      } else {
        status = delta > 0 ? .regression : .improvement
      }
      return Row(key: key, baseline: before, current: after, ratio: ratio, status: status)
    }
  }

  /// The rows that make `compare` exit with 1.
  public var regressions: [Row] {
    rows.filter { $0.status == .regression || $0.status == .failed }
  }

  /// A plain-text table of every row and a one-line verdict.
  public func render() -> String {
    var lines = ["case\tbaseline_ns\tcurrent_ns\tratio\tstatus"]
    for row in rows {
      lines.append(
        "\(row.key)\t\(NumberFormat.nanoseconds(row.baseline))\t\(NumberFormat.nanoseconds(row.current))\t\(NumberFormat.ratio(row.ratio))\t\(row.status.rawValue)"
      )
    }
    let count = regressions.count
    let percent = NumberFormat.fixed(threshold * 100, 1)
    lines.append(
      count == 0
        ? "no regression beyond \(percent)% in \(rows.count) cases"
        : "\(count) regression\(count == 1 ? "" : "s") beyond \(percent)% in \(rows.count) cases")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The threshold in `text`: `5%`, `5` (read as percent) or `0.05`.
  ///
  /// - Throws: ``ReportError`` when it is not a positive number.
  public static func parseThreshold(_ text: String) throws(ReportError) -> Double {
    let isPercent = text.hasSuffix("%")
    let number = isPercent ? String(text.dropLast()) : text
    guard let value = Double(number), value.isFinite, value > 0 else {
      throw ReportError("malformed threshold '\(text)'; expected e.g. 5% or 0.05")
    }
    return isPercent || value >= 1 ? value / 100 : value
  }
}
