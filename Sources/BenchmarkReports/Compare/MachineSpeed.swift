import BenchmarkKit
import Foundation

/// How much slower (or faster) the current run's machine was than the
/// baseline's, and how much cases move between the runs beyond that.
///
/// The factor is the median ratio current/baseline of the cases of the reference
/// strategies (`apple`, `none`): code of this project never runs in them, so they
/// move with the machine only. With fewer than ``minimumReferenceCases`` of them
/// measured as values, the median over every common case stands in, and with
/// fewer than ``minimumCasesForNoise`` of those the factor is taken as 1. The residual
/// noise is ``madToStandardDeviation`` × the median absolute deviation of those
/// cases' log ratios around the factor's log: a robust standard deviation of how
/// far an unchanged case strays from the machine's shift.
///
/// A noisy case strays further than a steady one, so a case is judged against
/// its own noise: the sampling spread of its two medians (block bootstrap)
/// times ``noiseScale``, the spread of the reference cases' deviations from the
/// factor in units of their own sampling spread (the ``noiseScaleQuantile`` of
/// those standardized deviations over a normal's, so heavy tails widen it). On a quiet
/// machine the scale is near 1; where runs drift apart more than their samples
/// show (autocorrelated samples, other tenants), it says by how much.
public struct MachineSpeed: Sendable {
  /// current / baseline for an unchanged case: 1.3 means the current machine was 30% slower.
  public var factor: Double
  /// How many cases the factor is the median of.
  public var basisCount: Int
  /// Which cases those are, for the report: e.g. `apple and none`.
  public var basis: String
  /// The robust standard deviation of the log ratios around the factor, or `nil`
  /// with fewer than ``minimumCasesForNoise`` cases.
  public var residualNoise: Double?
  /// How many times its own sampling spread an unchanged case strays from the
  /// factor (robust, at least 1), or `nil` with fewer than ``minimumCasesForNoise`` cases.
  public var noiseScale: Double?
  /// For an A/B run, how the builds were paired, said instead of a factor:
  /// each pair of passes has its own (``RunComparison/init(pairedBaseline:current:options:)``).
  public var pairing: String?

  /// Reference cases needed before they alone set the factor.
  public static let minimumReferenceCases = 5
  /// Cases needed to estimate ``residualNoise``.
  public static let minimumCasesForNoise = 8
  /// The median absolute deviation of normal draws times this is their standard
  /// deviation: 1 / Φ⁻¹(0.75).
  static let madToStandardDeviation = 1.4826
  /// Which quantile of the reference cases' standardized deviations sets
  /// ``noiseScale``: the 90th, not the median, so that the few cases that stray
  /// far (heavy tails, which is what false alarms come from) widen it.
  static let noiseScaleQuantile = 0.9
  /// The same quantile of |z| for normal deviations, which a scale of 1 means:
  /// 1.645 for the 90th percentile.
  static let noiseScaleNormalQuantile = RunComparison.normalQuantile(twoSided: noiseScaleQuantile)
  /// The z of a two-sided 95% interval, 1.96: an interval's half-width over it is
  /// a standard deviation.
  static let z95 = RunComparison.normalQuantile(twoSided: 0.95)

  /// The factor of an A/B run: none between the builds as a whole, `pairing`
  /// says how each pair of passes was corrected.
  init(pairing: String, basisCount: Int, residualNoise: Double?) {
    factor = 1
    self.basisCount = basisCount
    basis = "reference"
    self.residualNoise = residualNoise
    noiseScale = nil
    self.pairing = pairing
  }

  /// Estimates the machine's factor from the cases measured as values in both runs.
  init(baseline: [CaseKey: CaseResult], current: [CaseKey: CaseResult], options: RunComparison.Options) {
    var reference = [(logRatio: Double, before: CaseResult, after: CaseResult)]()
    var every = [(logRatio: Double, before: CaseResult, after: CaseResult)]()
    for (key, after) in current {
      guard let before = baseline[key], before.failure == nil, after.failure == nil,
        let oldMedian = options.metric.median(before)?.value, let newMedian = options.metric.median(after)?.value,
        case let old = Self.location(before, metric: options.metric) ?? oldMedian,
        case let new = Self.location(after, metric: options.metric) ?? newMedian
      else { continue }
      let entry = (log(new / old), before, after)
      every.append(entry)
      if options.referenceStrategies.contains(key.strategy) { reference.append(entry) }
    }
    let usesReference = reference.count >= Self.minimumReferenceCases
    // Without enough reference cases, the median of every case sets the factor,
    // but only over enough cases that one regressed case cannot be the median.
    let basisRatios = usesReference ? reference : every.count >= Self.minimumCasesForNoise ? every : []
    let center = Statistics.median(basisRatios.map(\.logRatio)) ?? 0
    factor = exp(center)
    basisCount = basisRatios.count
    basis =
      usesReference
      ? options.referenceStrategies.sorted().joined(separator: " and ")
      : "all common"
    if basisRatios.count >= Self.minimumCasesForNoise,
      let mad = Statistics.median(basisRatios.map { abs($0.logRatio - center) }),
      case let standardized = basisRatios.map({
        abs($0.logRatio - center) / Self.samplingSpread($0.before, $0.after, metric: options.metric)
      }).sorted(),
      !standardized.isEmpty
    {
      residualNoise = Self.madToStandardDeviation * mad
      noiseScale = max(
        1, Statistics.percentile(Self.noiseScaleQuantile, ofSorted: standardized) / Self.noiseScaleNormalQuantile)
    }
  }

  /// The least relative sampling spread a median is taken to have: 0.5%, so that
  /// a case whose samples happen to agree exactly is not judged certain to the
  /// last digit.
  static let spreadFloor = 0.005

  /// The standard deviation of log(after / before) that the two medians' sampling
  /// alone gives: each median's block-bootstrap spread (``BlockBootstrap``), or,
  /// with too few samples for it, its 95% interval's half-width over ``z95``;
  /// never less than ``spreadFloor``, and never less than the spread of the
  /// passes' medians (``passSpread(_:metric:)``).
  static func samplingSpread(_ before: CaseResult?, _ after: CaseResult?, metric: ComparedMetric) -> Double {
    var variance = spreadFloor * spreadFloor
    for result in [before, after].compactMap({ $0 }) {
      var own = 0.0
      if let spread = metric.medianSpread(result) {
        own = spread * spread
      } else if let interval = metric.medianInterval(result), let median = metric.median(result)?.value, median > 0 {
        own = pow((interval.upperBound - interval.lowerBound) / 2 / Self.z95 / median, 2)
      }
      // Resampling blocks of the merged samples mixes the passes; the passes'
      // own medians say how far a run in another process lands.
      if let passes = passSpread(result, metric: metric) { own = max(own, passes * passes) }
      variance += own
    }
    return variance.squareRoot()
  }

  /// Each pass's log median and sample count, or `nil` with fewer than two passes
  /// or a pass median at or below zero.
  static func passMedians(_ result: CaseResult, metric: ComparedMetric) -> [(log: Double, count: Double)]? {
    let passes = PassSpread.passes(of: metric.samples(result), counts: result.passSampleCounts)
    let medians = passes.compactMap { pass -> (log: Double, count: Double)? in
      guard let median = Statistics.median(Array(pass)), median > 0 else { return nil }
      return (log(median), Double(pass.count))
    }
    guard medians.count >= 2, medians.count == passes.count else { return nil }
    return medians
  }

  /// Where a case with passes lies: the geometric mean of its passes' medians,
  /// weighted by their sample counts; `nil` without passes.
  ///
  /// Each pass is a process of its own, and processes land in states: the median
  /// of the merged samples jumps to whichever state took more samples (61% apart
  /// on unchanged code, `GateLogicTests`), while the weighted mean of the logs
  /// moves smoothly with each pass.
  static func location(_ result: CaseResult?, metric: ComparedMetric) -> Double? {
    guard let result, let medians = passMedians(result, metric: metric) else { return nil }
    return exp(weightedMean(of: medians))
  }

  /// The passes' log medians averaged with their sample counts as weights.
  private static func weightedMean(of medians: [(log: Double, count: Double)]) -> Double {
    medians.map { $0.log * $0.count }.reduce(0, +) / medians.map(\.count).reduce(0, +)
  }

  /// The standard error of ``location(_:metric:)``'s log: the passes' weighted
  /// standard deviation over the square root of their effective number (Kish:
  /// (Σn)² / Σn², four for four equal passes, fewer when one pass took most of
  /// the samples); `nil` without passes.
  static func passSpread(_ result: CaseResult, metric: ComparedMetric) -> Double? {
    guard let medians = passMedians(result, metric: metric) else { return nil }
    let total = medians.map(\.count).reduce(0, +)
    let mean = weightedMean(of: medians)
    let effective = total * total / medians.map { $0.count * $0.count }.reduce(0, +)
    guard effective > 1 else { return nil }
    let variance =
      medians.map { $0.count * ($0.log - mean) * ($0.log - mean) }.reduce(0, +) / total * effective / (effective - 1)
    return (variance / effective).squareRoot()
  }

  /// The factor as a sentence: `current machine 1.30× the baseline's time (median
  /// of 120 apple and none cases); residual noise ±4.1%`.
  public var summary: String {
    if let pairing { return pairing }
    var line =
      "machine factor \(NumberFormat.ratio(factor)): the current run took \(NumberFormat.ratio(factor)) the baseline's "
      + "time on unchanged code "
      + "(\(basisCount == 0 ? "too few cases to estimate it: 1 assumed" : "median of \(basisCount) \(basis) cases"))"
    if let noise = residualNoise, let scale = noiseScale {
      line +=
        "; residual noise around it ±\(NumberFormat.fixed((exp(noise) - 1) * 100, 1))%, "
        + "\(NumberFormat.fixed(scale, 1))× what the samples show"
    }
    return line
  }
}
