import BenchmarkKit
import Foundation

extension RunComparison {
  /// The verdict on one case, against the machine's factor.
  static func row(
    key: CaseKey, before: CaseResult?, after: CaseResult?, machine: MachineSpeed, multiple: Double, options: Options,
    groupReference: (before: CaseResult, after: CaseResult)? = nil
  ) -> Row {
    let metric = options.metric
    var (row, decided) = startedRow(key: key, before: before, after: after, options: options)
    guard !decided, let before, let after, let old = row.baseline, let new = row.current else { return row }
    let factor = machine.factor
    let limit = log(1 + options.threshold)
    let enoughSamples = min(row.sampleCounts.baseline, row.sampleCounts.current) >= options.minimumSamples
    switch (old, new) {
    case (.value(let oldMedian), .value(let newMedian)):
      // Judged on each run's location over its passes (``MachineSpeed/location(_:metric:)``),
      // which a pass that happened to take more samples cannot tilt.
      let oldValue = MachineSpeed.location(before, metric: metric) ?? oldMedian
      let newValue = MachineSpeed.location(after, metric: metric) ?? newMedian
      row.ratio = newValue / oldValue
      let change = newValue / oldValue / factor
      row.change = .value(change)
      guard abs(log(change)) > limit else { return row }
      let noise = noiseOfChange(before: before, after: after, machine: machine, metric: metric)
      guard abs(log(change)) > multiple * noise else { return row.with(.withinNoise) }
      let slower = change > 1
      // A time is known only to its uncertainty (the loop cost removed, which a
      // process may measure at 0.3 or 0.7 ns, and its median's interval): a case
      // near its resolution moved only if the two ranges part.
      if metric.name == ComparedMetric.time.name, let oldUncertainty = before.uncertaintyNs,
        let newUncertainty = after.uncertaintyNs
      {
        let parted =
          slower
          ? (newValue - newUncertainty) / factor > oldValue + oldUncertainty
          : (newValue + newUncertainty) / factor < oldValue - oldUncertainty
        guard parted else { return row.with(.withinNoise) }
      }
      // The machine can slow one workload more than the run as a whole, and a whole
      // process can land in a slower state for one workload: update-row-rearm[10]
      // ran at 8 000 or 15 000 ns per process for the core, and at 1 400 or 2 700
      // for apple in the same processes. Where the reference measured beside this
      // case moved the same way, it took the same hit, and the code under test
      // changed only if its standing against that reference (the paired ratio,
      // round by round within each pass) moved beyond its interval too.
      if let reference = groupReference,
        let oldReference = MachineSpeed.location(reference.before, metric: metric) ?? metric.median(reference.before)?.value,
        let newReference = MachineSpeed.location(reference.after, metric: metric) ?? metric.median(reference.after)?.value,
        case let referenceChange = log(newReference / oldReference / factor),
        case let referenceNoise = noiseOfChange(
          before: reference.before, after: reference.after, machine: machine, metric: metric),
        slower ? referenceChange > max(limit, referenceNoise) : -referenceChange > max(limit, referenceNoise),
        let standing = standingChange(before: before, after: after, reference: reference, options: options)
      {
        let moved = slower ? standing.logChange : -standing.logChange
        guard moved > max(limit, multiple * standing.noise) else { return row.with(.withinNoise) }
      }
      // Beyond the noise: only the samples can confirm it, and too few cannot.
      // (An improvement nobody can confirm fails nothing.)
      guard enoughSamples else { return row.with(change > 1 ? .notEnoughSamples : .withinNoise) }
      let oldSamples = metric.samples(before)
      let newSamples = metric.samples(after).map { $0 / factor }
      row.pValue = MannWhitneyU(oldSamples, newSamples)?.pValue
      row.interval = RatioInterval.bootstrap(
        baseline: oldSamples, current: newSamples, resamples: options.resamples, confidence: options.confidence,
        seed: SplitMix64.seed(for: key.description))
      // A median that moved to where the baseline's own samples often were (its
      // central 80%) is a case flipping between states the baseline already saw.
      let sortedOld = oldSamples.sorted()
      let corrected = newValue / factor
      let outsideOld =
        sortedOld.isEmpty
        || (slower
          ? corrected > Statistics.percentile(0.9, ofSorted: sortedOld)
          : corrected < Statistics.percentile(0.1, ofSorted: sortedOld))
      guard outsideOld else { return row.with(.withinNoise) }
      let testSays = (row.pValue ?? 1) < options.significance
      let intervalSays = row.interval.map { slower ? $0.lowerBound > 1 : $0.upperBound < 1 } ?? false
      return row.with(testSays && intervalSays ? (slower ? .regressed : .improved) : .withinNoise)

    case (.below(let bound), .value(let newValue)):
      // Was under the resolution, now resolved: the change is at least value / bound.
      let corrected = newValue / factor
      row.change = .above(corrected / bound)
      guard corrected > bound * (1 + options.threshold) else { return row }
      let noise = noiseOfChange(before: nil, after: after, machine: machine, metric: metric)
      guard log(corrected / bound) > multiple * noise else { return row.with(.withinNoise) }
      guard enoughSamples else { return row.with(.notEnoughSamples) }
      // A value just above its resolution is uncertain by up to half of it (the
      // loop cost removed and both medians' intervals, ``CaseResult/uncertaintyNs``):
      // only what is certain beyond the old bound counts.
      let intervalLow = metric.medianInterval(after)?.lowerBound ?? newValue
      let low = min(intervalLow, newValue - (metric.name == ComparedMetric.time.name ? after.uncertaintyNs ?? 0 : 0)) / factor
      return row.with(low > bound * (1 + options.threshold) ? .regressed : .withinNoise)

    case (.value(let oldValue), .below(let bound)):
      // Now under the resolution: at most bound / value of what it was; never slower.
      let corrected = bound / factor
      row.change = .below(corrected / oldValue)
      guard corrected * (1 + options.threshold) < oldValue else { return row }
      let noise = noiseOfChange(before: before, after: nil, machine: machine, metric: metric)
      return row.with(log(oldValue / corrected) > multiple * noise ? .improved : .withinNoise)

    default:
      // Two bounds (or an unresolved figure): nothing says the case moved.
      row.change = .unresolved
      return row
    }
  }

  /// How the paired ratio of a case to its reference changed between the runs, in
  /// log, and the standard deviation of that change from the two ratios' 95%
  /// intervals (block bootstrap and pass spread, ``PairedRatio/interval(of:to:confidence:resamples:)``);
  /// `nil` when a ratio or its interval is missing.
  static func standingChange(
    before: CaseResult, after: CaseResult, reference: (before: CaseResult, after: CaseResult), options: Options
  ) -> (logChange: Double, noise: Double)? {
    guard options.metric.name == ComparedMetric.time.name,
      let old = PairedRatio.of(before, to: reference.before), let new = PairedRatio.of(after, to: reference.after),
      old > 0, new > 0,
      let oldInterval = PairedRatio.interval(of: before, to: reference.before, resamples: options.resamples),
      let newInterval = PairedRatio.interval(of: after, to: reference.after, resamples: options.resamples),
      oldInterval.lowerBound > 0, newInterval.lowerBound > 0
    else { return nil }
    let spread = { (interval: ClosedRange<Double>) in log(interval.upperBound / interval.lowerBound) / (2 * 1.96) }
    let noise = (pow(spread(oldInterval), 2) + pow(spread(newInterval), 2)).squareRoot()
    return (log(new / old), noise)
  }

  /// The standard deviation of a case's log change between two runs of unchanged
  /// code: its medians' sampling spread times the machine's ``MachineSpeed/noiseScale``.
  ///
  /// Never less than half the run's ``MachineSpeed/residualNoise``: a case whose
  /// passes agree closely within each run can still move as a whole between runs
  /// (scopes/models-die[1] actor-task-keypath: 915–963 ns in four processes of one
  /// run, 982–1040 ns in four of the next, unchanged code), and how far unchanged
  /// cases stray from the machine factor is the measure of that. Small regressions
  /// are the instruction gates' to catch (`ci/instructions.txt`): counts do not drift.
  static func noiseOfChange(
    before: CaseResult?, after: CaseResult?, machine: MachineSpeed, metric: ComparedMetric
  ) -> Double {
    max(
      (machine.noiseScale ?? 1) * MachineSpeed.samplingSpread(before, after, metric: metric),
      (machine.residualNoise ?? 0) * residualNoiseFloor)
  }

  /// The fraction of the residual noise no case's noise goes under.
  static let residualNoiseFloor = 0.5
}

extension RunComparison.Row {
  func with(_ verdict: RunComparison.Verdict) -> Self {
    var row = self
    row.verdict = verdict
    return row
  }
}
