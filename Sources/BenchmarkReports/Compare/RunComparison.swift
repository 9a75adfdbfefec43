import BenchmarkKit
import Foundation

/// The comparison of a current run with a baseline, case by case, for CI.
///
/// Two effects move a case between runs, and the comparison separates them:
///
/// - **the machine**: a CI runner 30% slower than the one that made the baseline
///   slows every case alike. ``machine`` estimates that factor from the strategies
///   a change of this project cannot touch (`apple` and `none`, see
///   ``Options/referenceStrategies``) and every case is judged on its change
///   *beyond* the factor;
/// - **the code**: what is left. Its noise (``MachineSpeed/residualNoise``) is the
///   robust spread of the reference cases' log ratios *around* the factor, so a
///   broad regression of the project's own strategies can neither shift the
///   factor nor inflate the noise that would hide it.
///
/// A case regressed when its change beyond the factor clears the threshold, its
/// noise (the residual noise and the two medians' own sampling spread) by a
/// multiple that keeps the whole comparison to about one false alarm in twenty
/// runs of unchanged code (``noiseMultiple``), a Mann–Whitney U test on the
/// factor-corrected samples, and a bootstrap interval of the corrected ratio.
/// A median under its case's resolution is a bound (``Figure``) and is judged
/// as one, never divided: `< 0.8 ns` then `< 0.9 ns` is unchanged; `< 0.8 ns`
/// then `3 ns` is a regression of more than 3.7×, if beyond the noise.
///
/// What makes `compare` exit 1 (``gateFailures``): a regression, a case that
/// failed, a change beyond the threshold with too few samples to judge, and a
/// baseline case missing from the current run (unless ``Options/allowMissing``).
public struct RunComparison: Sendable {
  /// What happened to one case between the runs.
  public enum Verdict: String, Sendable, CaseIterable {
    /// Slower beyond the machine factor, the threshold and the noise.
    case regressed
    /// Faster beyond the machine factor, the threshold and the noise.
    case improved
    /// Moved, after the machine factor, by no more than the threshold; or two
    /// bounds, which say nothing more.
    case unchanged
    /// Moved by more than the threshold, but not beyond the noise.
    case withinNoise = "within-noise"
    /// Moved beyond the threshold and the noise, with too few samples on a side
    /// for the U test and the interval to confirm it.
    case notEnoughSamples = "not-enough-samples"
    /// No valid measurement in the current run.
    case failed
    /// Measured in the baseline, missing from the current run.
    case missing
    /// Measured in the current run only.
    case onlyInCurrent = "only-in-current"
  }

  /// One case of either run.
  public struct Row: Sendable {
    /// The case.
    public var key: CaseKey
    /// The baseline's published median.
    public var baseline: Figure?
    /// The current published median.
    public var current: Figure?
    /// Samples on each side.
    public var sampleCounts: (baseline: Int, current: Int)
    /// `current / baseline` when both medians are values: the raw change.
    public var ratio: Double?
    /// The change beyond the machine factor: `current / baseline / factor`, or a
    /// bound of it when a median is a bound.
    public var change: Figure?
    /// The bootstrap interval of the factor-corrected ratio, when both are values.
    public var interval: ClosedRange<Double>?
    /// The two-sided p-value of the Mann–Whitney U test on the corrected samples.
    public var pValue: Double?
    /// The verdict.
    public var verdict: Verdict
    /// The smallest change this comparison could have called one, as a
    /// fraction (0.12 = 12%): the threshold, or the noise multiple times the
    /// case's noise where that is larger; `nil` where the case was not judged
    /// as two values. "Unchanged" is said only where it is at most the
    /// threshold; elsewhere the case is within noise, not resolved at it.
    public var detectable: Double? = nil
    /// Whether an A/B verdict called the case regressed on its change with
    /// nothing taken out, where its standing against its reference alone
    /// did not: the reference slowed with it.
    public var regressedUnweighted = false
    /// Whether an A/B verdict found the case faster against its reference
    /// only, its own time not: the reference slowed, the case did not speed
    /// up (``verdict`` is then `unchanged` or `within-noise`).
    public var fasterOnlyAgainstReference = false
    /// In an A/B run, the case's instructions per operation where both builds
    /// were counted (under callgrind, pinned environment) and ran exactly the
    /// same number: its time moved with where the code landed, not with what
    /// it does (``gates(_:)``).
    public var sameInstructions: Double? = nil

    /// `≥ 12%`, or `–`.
    public var detectableText: String {
      detectable.map { "≥ " + NumberFormat.fixed($0 * 100, $0 < 0.1 ? 1 : 0) + "%" } ?? "–"
    }
  }

  /// Every case of either run, sorted by key.
  public var rows: [Row]
  /// How much faster or slower the current machine ran, and the noise left.
  public var machine: MachineSpeed
  /// Each strategy's change of standing against `apple` within each run.
  public var standings: [StrategyStanding]
  /// How many times its noise a case's change must exceed: ``Options/noiseMultiple``,
  /// or more with many cases, so that about one run in twenty of unchanged code
  /// has a false alarm (Bonferroni over the judged cases).
  public var noiseMultiple: Double
  /// Whether the runs are the two builds of one A/B run, measured pass by
  /// pass (`init(pairedBaseline:current:options:)`): a reference case that
  /// moved then moved with the code, not with the machine, and gates.
  public var paired = false
  /// How strict the comparison was.
  public var options: Options
  /// The relative change that counts.
  public var threshold: Double { options.threshold }

  /// Compares `current` with `baseline`.
  public init(baseline: BenchmarkRun, current: BenchmarkRun, options: Options = Options()) {
    self.init(baseline: baseline, current: current, options: options, stages: Self.judgementStages)
  }

  /// Compares `current` with `baseline`, judging values by `stages`: the tests
  /// leave one out to show what it decides.
  init(baseline: BenchmarkRun, current: BenchmarkRun, options: Options, stages: [JudgementStage]) {
    self.options = options
    let old = Dictionary(baseline.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    let new = Dictionary(current.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    let machine = MachineSpeed(baseline: old, current: new, options: options)
    self.machine = machine
    let judged = Set(old.keys).intersection(new.keys).count
    noiseMultiple = max(options.noiseMultiple, Self.familyWiseMultiple(cases: judged, error: options.familyWiseError))
    let multiple = noiseMultiple
    rows = Set(old.keys).union(new.keys).sorted().map { key in
      Self.row(
        key: key, before: old[key], after: new[key], machine: machine, multiple: multiple, options: options,
        groupReference: Self.groupReference(of: key, baseline: old, current: new, options: options), stages: stages)
    }
    standings = StrategyStanding.all(baseline: old, current: new, metric: options.metric)
  }

  /// The reference case measured beside `key` (same suite, scenario and size) in
  /// both runs, `apple` first, then the other references: what the machine did to
  /// this very workload, which the run-wide factor can miss. `nil` for a reference
  /// strategy's own case, or when no reference is a value on both sides.
  static func groupReference(
    of key: CaseKey, baseline: [CaseKey: CaseResult], current: [CaseKey: CaseResult], options: Options
  ) -> (before: CaseResult, after: CaseResult)? {
    guard !options.referenceStrategies.contains(key.strategy) else { return nil }
    for strategy in options.referenceStrategies.sorted() {
      let referenceKey = CaseKey(suite: key.suite, scenario: key.scenario, strategy: strategy, size: key.size)
      guard let before = baseline[referenceKey], let after = current[referenceKey],
        before.failure == nil, after.failure == nil,
        options.metric.median(before)?.value != nil, options.metric.median(after)?.value != nil
      else { continue }
      return (before, after)
    }
    return nil
  }

  /// Compares `current` with `baseline` with default options but `threshold`.
  public init(baseline: BenchmarkRun, current: BenchmarkRun, threshold: Double) {
    self.init(baseline: baseline, current: current, options: Options(threshold: threshold))
  }

  /// The rows that make `compare` exit with 1: regressions, failed cases, changes
  /// too poorly sampled to judge, and missing cases unless they are allowed.
  ///
  /// The reference strategies (`apple`, `none`) are shown with their verdicts but
  /// never fail the gate by a change of speed: no change to this project's code
  /// moves them, so a shift of theirs is the machine's (on these VMs a whole
  /// process can land in a slower state, by up to 1.7× for one case), which the
  /// gate must not pass off as a regression.
  public var gateFailures: [Row] {
    rows.filter { row in
      switch row.verdict {
      case .regressed, .notEnoughSamples: gates(row)
      case .failed: true
      case .missing: !options.allowMissing
      default: false
      }
    }
  }

  /// The verdict as the tables print it: a change of speed of a case that
  /// cannot fail the gate (``gates(_:)``) is `slower, not gated` or `faster,
  /// not gated`, never `regressed` beside a verdict that found no regression.
  public func verdictLabel(_ row: Row) -> String {
    guard !gates(row) else {
      if row.regressedUnweighted { return Self.regressedWithReference }
      if row.fasterOnlyAgainstReference { return row.verdict.rawValue + Self.fasterOnlyAgainstReferenceNote }
      return row.verdict.rawValue
    }
    switch row.verdict {
    case .regressed where row.placementOnly: return Self.slowerSameInstructions
    case .regressed: return Self.slowerNotGated
    case .improved: return "faster, not gated"
    default: return row.verdict.rawValue
    }
  }

  /// What a case regressed on its unweighted change prints as: its standing
  /// against its reference hid the slowdown, because the reference slowed too.
  public static let regressedWithReference = "regressed (unweighted; its reference slowed too)"

  /// What follows the verdict of a case faster only against its reference.
  public static let fasterOnlyAgainstReferenceNote = " (faster only against its reference, which slowed)"

  /// What a slower change that cannot fail the gate prints as.
  public static let slowerNotGated = "slower, not gated"

  /// What a slower case of an A/B run whose two builds ran exactly the same
  /// instructions prints as (``Row/placementOnly``).
  public static let slowerSameInstructions = "slower, same instructions (placement), not gated"

  /// Whether a change of speed of `row` can fail the gate: not under
  /// ``Options/ungatedBelowNs``, nor for the reference strategies between two
  /// runs made apart (their move is the machine's). In an A/B run they gate:
  /// both builds ran pass by pass on one machine, so `apple` or `none` moving
  /// is a change to code they run (the benchmark's), to be seen and explained.
  /// Nor a case slower in an A/B run whose two builds ran exactly the same
  /// instructions (``Row/placementOnly``): the same work in another place
  /// (code alignment moved by a change elsewhere moves a case of a hundred
  /// nanoseconds by half, either way, and the next unrelated change can move
  /// it back). What such a gate misses, a slowdown in no instruction (data
  /// laid out worse, false sharing), the verdict still lists.
  public func gates(_ row: Row) -> Bool {
    guard paired || !options.referenceStrategies.contains(row.key.strategy) else { return false }
    guard !row.placementOnly else { return false }
    guard let floor = options.ungatedBelowNs, options.metric.name == ComparedMetric.time.name else { return true }
    switch row.baseline {
    case .value(let median)?: return median >= floor
    case .below?: return false
    default: return true
    }
  }

  /// A row of `key` with both published medians and its sample counts, judged
  /// `unchanged` so far; `nil` with the row already decided when a side is
  /// missing or failed (``Verdict/missing``, ``Verdict/failed``,
  /// ``Verdict/onlyInCurrent``).
  static func startedRow(key: CaseKey, before: CaseResult?, after: CaseResult?, options: Options)
    -> (row: Row, decided: Bool)
  {
    let metric = options.metric
    let old = before?.failure == nil ? before.flatMap(metric.median) : nil
    let new = after?.failure == nil ? after.flatMap(metric.median) : nil
    var row = Row(
      key: key, baseline: old, current: new,
      sampleCounts: (before.map { metric.samples($0).count } ?? 0, after.map { metric.samples($0).count } ?? 0),
      ratio: nil, change: nil, interval: nil, pValue: nil, verdict: .unchanged)
    if let after {
      if new == nil {
        row.verdict = after.failure == nil ? .missing : .failed
      } else if before == nil || old == nil {
        row.verdict = .onlyInCurrent
      } else {
        return (row, false)
      }
    } else {
      row.verdict = .missing
    }
    return (row, true)
  }

  /// The rows measured in both runs.
  public var common: [Row] {
    rows.filter { $0.baseline != nil && $0.current != nil }
  }

  /// The geometric mean of the raw ratios of every case measured as a value in
  /// both runs, or `nil` when none has one: the overall change in one number,
  /// machine included.
  public var geometricMean: Double? {
    let ratios = rows.compactMap(\.ratio)
    guard !ratios.isEmpty else { return nil }
    return exp(ratios.map { log($0) }.reduce(0, +) / Double(ratios.count))
  }

  /// How many rows have each verdict.
  public func count(_ verdict: Verdict) -> Int {
    rows.filter { $0.verdict == verdict }.count
  }

  /// The z-score that `cases` independent normal tests may each exceed by chance
  /// with probability `error / cases` in all (two-sided): 2.8 for 10 cases (so
  /// the floor of 3 applies), 3.5 for 100, 4.1 for 1000.
  static func familyWiseMultiple(cases: Int, error: Double) -> Double {
    guard cases > 0, error > 0 else { return 0 }
    return normalQuantile(upperTail: error / Double(2 * cases))
  }

  /// The z a standard normal exceeds with probability `tail` (bisection on erfc).
  static func normalQuantile(upperTail tail: Double) -> Double {
    var low = 0.0
    var high = 12.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if erfc(middle / 2.0.squareRoot()) / 2 > tail { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }
}
