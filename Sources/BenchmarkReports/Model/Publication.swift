import BenchmarkKit
import Foundation

/// Decides what a run publishes for each case: every time as a value or a bound
/// (``CaseResult/figure(_:)``), the ratio to `apple` with its 95% interval, and
/// the figures that compare it with the cases beside it
/// (``publishComparisons(_:)``: overhead above `none`, ties with the cheapest,
/// the Pareto front of a headline); and for the run, what each strategy choice
/// costs.
///
/// Every report writer — CSV, JSON, Markdown, HTML — takes its figures from here,
/// so a number one of them prints as a bound is a bound in all of them.
public enum Publication {
  /// `run` with ``CaseResult/published`` filled in for every case with statistics,
  /// comparisons included, and ``BenchmarkRun/effects``: what each strategy
  /// choice costs (``EffectAnalysis/effects(of:)``), derived here once for every
  /// writer.
  public static func publish(_ run: BenchmarkRun) -> BenchmarkRun {
    var run = publishComparisons(publishCases(run))
    run.effects = EffectAnalysis.effects(of: run)
    return run
  }

  /// `run` with each case's own figures published (times, ratio to `apple`), and
  /// none of the figures that compare it with the cases beside it; its effects as
  /// they were.
  public static func publishCases(_ run: BenchmarkRun) -> BenchmarkRun {
    var run = run
    let byKey = Dictionary(run.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    func referenceCase(of result: CaseResult) -> CaseResult? {
      var referenceKey = result.key
      referenceKey.strategy = ReferenceStrategy.apple
      return referenceKey == result.key ? nil : byKey[referenceKey]
    }
    // Ratios get their scenario's rerun shift as medians do (``RerunShift``).
    var shifts = RerunShift.Pool()
    for result in run.cases {
      guard let other = referenceCase(of: result) else { continue }
      shifts.add(
        PairedRatio.splitShifts(of: result, to: other), suite: result.suite, scenario: result.scenario,
        size: result.size)
    }
    for index in run.cases.indices {
      let result = run.cases[index]
      run.cases[index].published = figures(
        of: result, reference: referenceCase(of: result),
        ratioShift: shifts.shift(suite: result.suite, scenario: result.scenario, size: result.size))
    }
    return run
  }

  /// The published figures of `result`, with its ratio to `reference` when given,
  /// its interval reaching at least `ratioShift` (a log ratio) either side.
  public static func figures(
    of result: CaseResult, reference: CaseResult?, ratioShift: Double? = nil
  ) -> PublishedFigures? {
    guard result.failure == nil, let statistics = result.statistics else { return nil }
    // The published interval is the two-component one (``CaseResult/medianInterval``);
    // results written before it existed fall back on the bootstrap's.
    let interval = result.medianInterval ?? statistics.ciLow...statistics.ciHigh
    var figures = PublishedFigures(
      resolutionNs: result.resolutionNs,
      medianNs: result.figure(statistics.median),
      p90Ns: result.figure(statistics.p90),
      minNs: result.figure(statistics.min),
      ciLowNs: result.intervalEnd(interval.lowerBound),
      ciHighNs: result.figure(interval.upperBound))
    if let reference, reference.key != result.key {
      let (ratio, interval) = self.ratio(of: result, to: reference)
      figures.ratioToApple = ratio
      figures.ratioInterval = interval
      if let value = ratio.value, let interval, let ratioShift, ratioShift > 0 {
        figures.ratioInterval =
          min(interval.lowerBound, value * exp(-ratioShift))...max(interval.upperBound, value * exp(ratioShift))
        figures.ratioShift = ratioShift
      }
    }
    return figures
  }

  /// The ratio of `result` to `reference` as a figure, and its 95% interval when
  /// it is a value.
  ///
  /// Both resolved: the median of per-round ratios with its interval. `result`
  /// a bound: a bound on the ratio, the bound over the low end of the reference's
  /// interval. The reference a bound: a lower bound. Both bounds: unresolved.
  public static func ratio(
    of result: CaseResult, to reference: CaseResult
  ) -> (ratio: Figure, interval: ClosedRange<Double>?) {
    guard result.failure == nil, reference.failure == nil,
      let numerator = result.medianFigure, let denominator = reference.medianFigure,
      let referenceStatistics = reference.statistics, let statistics = result.statistics
    else { return (.unresolved, nil) }
    let value = PairedRatio.of(result, to: reference)
    let figure = Figure.ratio(
      numerator, over: denominator, value: value,
      denominatorLow: referenceStatistics.ciLow > 0 ? referenceStatistics.ciLow : nil,
      numeratorLow: statistics.ciLow > 0 ? statistics.ciLow : nil)
    guard figure.value != nil else { return (figure, nil) }
    return (figure, PairedRatio.interval(of: result, to: reference, confidence: 0.95))
  }
}
