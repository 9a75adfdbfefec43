import BenchmarkKit
import Foundation

/// The comparison of a current run with a baseline, case by case, for CI.
///
/// Per case: the change of the median, a Mann–Whitney U test over the two runs'
/// samples, and a seeded bootstrap interval of the ratio of the medians. A change
/// counts only when it clears both the threshold and the noise:
///
/// - **regressed** / **improved**: the median moved by more than the threshold
///   (and by more than ``absoluteFloorNs``), the U test's p-value is below
///   ``Options/significance``, the bootstrap interval of the ratio lies
///   entirely on that side of 1, and the change is beyond the run-to-run noise;
/// - **within noise**: the median moved by more than the threshold, but the
///   samples do not show it beyond their spread;
/// - **unchanged**: the median moved by less than the threshold.
///
/// The samples of one run are taken within seconds of each other, so their
/// spread understates how much a shared machine moves between runs (on these
/// VMs, tens of percent: other tenants come and go). With eight or more common
/// cases the comparison therefore also estimates the run-to-run noise from the
/// data itself — the robust spread (1.4826 × MAD) of the log ratios over every
/// case, most of which a change leaves alone — and calls significant only a
/// change beyond ``Options/noiseMultiple`` times it. On a quiet machine that
/// spread is small and a real 20 % regression stands out; on a noisy one the
/// comparison says so instead of crying wolf.
///
/// A case that failed in the current run counts as a regression.
public struct RunComparison: Sendable {
  /// What happened to one case between the runs.
  public enum Verdict: String, Sendable, CaseIterable {
    /// Significantly slower, by more than the threshold.
    case regressed
    /// Significantly faster, by more than the threshold.
    case improved
    /// Moved by no more than the threshold.
    case unchanged
    /// Moved by more than the threshold, but not beyond the noise.
    case withinNoise = "within-noise"
    /// No valid measurement in the current run.
    case failed
    /// Measured in the baseline only.
    case onlyInBaseline = "only-in-baseline"
    /// Measured in the current run only.
    case onlyInCurrent = "only-in-current"
  }

  /// How strict the comparison is.
  public struct Options: Hashable, Sendable {
    /// The relative change that counts, e.g. 0.05 for 5 %.
    public var threshold: Double
    /// The largest p-value that counts as significant.
    public var significance: Double
    /// The coverage of the bootstrap interval of the ratio.
    public var confidence: Double
    /// Bootstrap resamples per case.
    public var resamples: Int
    /// How many times the run-to-run noise a change must exceed.
    public var noiseMultiple: Double

    /// Creates options; the defaults suit these noisy machines.
    public init(
      threshold: Double = 0.05, significance: Double = 0.01, confidence: Double = 0.99, resamples: Int = 1000,
      noiseMultiple: Double = 3
    ) {
      self.threshold = threshold
      self.significance = significance
      self.confidence = confidence
      self.resamples = resamples
      self.noiseMultiple = noiseMultiple
    }
  }

  /// One case of either run.
  public struct Row: Sendable {
    /// The case.
    public var key: CaseKey
    /// The baseline's median.
    public var baseline: Double?
    /// The current median.
    public var current: Double?
    /// `current / baseline`, when both are positive.
    public var ratio: Double?
    /// The bootstrap interval of the ratio, when it exists.
    public var interval: ClosedRange<Double>?
    /// The two-sided p-value of the Mann–Whitney U test over the samples.
    public var pValue: Double?
    /// The verdict.
    public var verdict: Verdict
  }

  /// Differences smaller than this many ns per operation never count: they are
  /// within the harness's own precision.
  public static let absoluteFloorNs = 0.5

  /// Every case of either run, sorted by key.
  public var rows: [Row]
  /// The run-to-run noise estimated from the data: the robust standard
  /// deviation of the log ratios of the common cases; `nil` with fewer than
  /// ``minimumCasesForNoise`` of them.
  public var runToRunNoise: Double?
  /// The common cases needed to estimate ``runToRunNoise``.
  public static let minimumCasesForNoise = 8
  /// How strict the comparison was.
  public var options: Options
  /// The relative change that counts.
  public var threshold: Double { options.threshold }

  /// Compares `current` with `baseline`.
  public init(baseline: BenchmarkRun, current: BenchmarkRun, options: Options = Options()) {
    self.options = options
    let old = Dictionary(baseline.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    let new = Dictionary(current.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    var rows = Set(old.keys).union(new.keys).sorted().map { key in
      Self.row(key: key, before: old[key], after: new[key], options: options)
    }
    let logRatios = rows.compactMap { $0.ratio.map { log($0) } }
    if logRatios.count >= Self.minimumCasesForNoise, let center = Statistics.median(logRatios),
      let mad = Statistics.median(logRatios.map { abs($0 - center) })
    {
      let noise = 1.4826 * mad
      runToRunNoise = noise
      for index in rows.indices where rows[index].verdict == .regressed || rows[index].verdict == .improved {
        if let ratio = rows[index].ratio, abs(log(ratio)) <= options.noiseMultiple * noise {
          rows[index].verdict = .withinNoise
        }
      }
    }
    self.rows = rows
  }

  /// Compares `current` with `baseline` with default options but `threshold`.
  public init(baseline: BenchmarkRun, current: BenchmarkRun, threshold: Double) {
    self.init(baseline: baseline, current: current, options: Options(threshold: threshold))
  }

  private static func row(key: CaseKey, before: CaseResult?, after: CaseResult?, options: Options) -> Row {
    let old = before?.failure == nil ? before?.statistics?.median : nil
    let new = after?.statistics?.median
    var row = Row(key: key, baseline: old, current: new, ratio: nil, interval: nil, pValue: nil, verdict: .unchanged)
    guard let after else {
      row.verdict = .onlyInBaseline
      return row
    }
    guard after.failure == nil, let new else {
      row.verdict = .failed
      return row
    }
    guard let before, let old else {
      row.verdict = .onlyInCurrent
      return row
    }
    if old > 0 && new > 0 { row.ratio = new / old }
    // Edited or summary-only files may lack samples; the medians then stand for them.
    let oldSamples = before.samples.isEmpty ? [old] : before.samples
    let newSamples = after.samples.isEmpty ? [new] : after.samples
    row.pValue = MannWhitneyU(oldSamples, newSamples)?.pValue
    row.interval = RatioInterval.bootstrap(
      baseline: oldSamples, current: newSamples, resamples: options.resamples, confidence: options.confidence,
      seed: SplitMix64.seed(for: key.description))
    let delta = new - old
    let beyondThreshold = abs(delta) >= absoluteFloorNs && (row.ratio.map { abs($0 - 1) > options.threshold } ?? true)
    guard beyondThreshold else { return row }
    let testSays = (row.pValue ?? 1) < options.significance
    let intervalSays = row.interval.map { delta > 0 ? $0.lowerBound > 1 : $0.upperBound < 1 } ?? true
    row.verdict = testSays && intervalSays ? (delta > 0 ? .regressed : .improved) : .withinNoise
    return row
  }

  /// The rows that make `compare` exit with 1: significant regressions and failures.
  public var regressions: [Row] {
    rows.filter { $0.verdict == .regressed || $0.verdict == .failed }
  }

  /// The rows measured in both runs.
  public var common: [Row] {
    rows.filter { $0.baseline != nil && $0.current != nil }
  }

  /// The geometric mean of the ratios of every case measured in both runs, or
  /// `nil` when none has one: the overall change in one number.
  public var geometricMean: Double? {
    let ratios = rows.compactMap(\.ratio)
    guard !ratios.isEmpty else { return nil }
    return exp(ratios.map { log($0) }.reduce(0, +) / Double(ratios.count))
  }

  /// How many rows have each verdict.
  public func count(_ verdict: Verdict) -> Int {
    rows.filter { $0.verdict == verdict }.count
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
