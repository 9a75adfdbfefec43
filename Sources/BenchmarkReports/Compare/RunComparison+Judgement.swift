import BenchmarkKit
import Foundation

extension RunComparison {
  /// The verdict on one case, against the machine's factor.
  static func row(
    key: CaseKey, before: CaseResult?, after: CaseResult?, machine: MachineSpeed, multiple: Double, options: Options,
    groupReference: (before: CaseResult, after: CaseResult)? = nil
  ) -> Row {
    let metric = options.metric
    let old = before?.failure == nil ? before.flatMap(metric.median) : nil
    let new = after?.failure == nil ? after.flatMap(metric.median) : nil
    var row = Row(
      key: key, baseline: old, current: new,
      sampleCounts: (before.map { metric.samples($0).count } ?? 0, after.map { metric.samples($0).count } ?? 0),
      ratio: nil, change: nil, interval: nil, pValue: nil, verdict: .unchanged)
    guard let after else {
      row.verdict = .missing
      return row
    }
    guard let new else {
      row.verdict = after.failure == nil ? .missing : .failed
      return row
    }
    guard let before, let old else {
      row.verdict = .onlyInCurrent
      return row
    }
    let factor = machine.factor
    let limit = log(1 + options.threshold)
    let enoughSamples = min(row.sampleCounts.baseline, row.sampleCounts.current) >= options.minimumSamples
    switch (old, new) {
    case (.value(let oldValue), .value(let newValue)):
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
      // The machine can slow one workload more than the run as a whole (a neighbour
      // thrashing the cache slows what allocates; apple's scopes/empty ran 1.5× in
      // one run of four processes and not in the next). Where the reference measured
      // beside this case moved the same way beyond its own noise, it took the same
      // hit, and the code under test changed only if its standing against that
      // reference moved beyond both their noises too.
      if let reference = groupReference, let oldReference = metric.median(reference.before)?.value,
        let newReference = metric.median(reference.after)?.value,
        case let referenceChange = newReference / oldReference / factor,
        case let referenceNoise = noiseOfChange(
          before: reference.before, after: reference.after, machine: machine, metric: metric),
        slower ? log(referenceChange) > 2 * referenceNoise : -log(referenceChange) > 2 * referenceNoise
      {
        let relative = log(change / referenceChange)
        let relativeNoise = (noise * noise + referenceNoise * referenceNoise).squareRoot()
        let movedInStanding =
          slower ? relative > max(limit, multiple * relativeNoise) : -relative > max(limit, multiple * relativeNoise)
        guard movedInStanding else { return row.with(.withinNoise) }
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

  /// The standard deviation of a case's log change between two runs of unchanged
  /// code: its medians' sampling spread times the machine's ``MachineSpeed/noiseScale``.
  static func noiseOfChange(
    before: CaseResult?, after: CaseResult?, machine: MachineSpeed, metric: ComparedMetric
  ) -> Double {
    (machine.noiseScale ?? 1) * MachineSpeed.samplingSpread(before, after, metric: metric)
  }
}

extension RunComparison.Row {
  fileprivate func with(_ verdict: RunComparison.Verdict) -> Self {
    var row = self
    row.verdict = verdict
    return row
  }
}
