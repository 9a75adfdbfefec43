import BenchmarkKit
import Foundation

extension RunComparison {
  /// A case whose median is a bound on one side: what judging it needs.
  struct BoundJudgement {
    var row: Row
    let before: CaseResult
    let after: CaseResult
    let machine: MachineSpeed
    let multiple: Double
    let options: Options
  }

  /// Was under the resolution, now resolved: the change is at least value / bound,
  /// and only what is certain beyond the old bound counts.
  ///
  /// A value just above its resolution is uncertain by up to half of it (the loop
  /// cost removed and both medians' intervals, ``CaseResult/uncertaintyNs``), so the
  /// lower end of that uncertainty must clear the bound by the threshold.
  static func judgeBoundBecameValue(_ judgement: BoundJudgement, bound: Double, newValue: Double) -> Row {
    let options = judgement.options
    let metric = options.metric
    let factor = judgement.machine.factor
    var row = judgement.row
    let corrected = newValue / factor
    row.change = .above(corrected / bound)
    guard corrected > bound * (1 + options.threshold) else { return row }
    let noise = noiseOfChange(before: nil, after: judgement.after, machine: judgement.machine, metric: metric)
    guard log(corrected / bound) > judgement.multiple * noise else { return row.with(.withinNoise) }
    guard min(row.sampleCounts.baseline, row.sampleCounts.current) >= options.minimumSamples else {
      return row.with(.notEnoughSamples)
    }
    let intervalLow = metric.medianInterval(judgement.after)?.lowerBound ?? newValue
    let uncertainty = metric.name == ComparedMetric.time.name ? judgement.after.uncertaintyNs ?? 0 : 0
    let low = min(intervalLow, newValue - uncertainty) / factor
    return row.with(low > bound * (1 + options.threshold) ? .regressed : .withinNoise)
  }

  /// Now under the resolution: at most bound / value of what it was, so never
  /// slower; an improvement when that clears the threshold and the noise.
  static func judgeValueBecameBound(_ judgement: BoundJudgement, oldValue: Double, bound: Double) -> Row {
    let options = judgement.options
    var row = judgement.row
    let corrected = bound / judgement.machine.factor
    row.change = .below(corrected / oldValue)
    guard corrected * (1 + options.threshold) < oldValue else { return row }
    let noise = noiseOfChange(
      before: judgement.before, after: nil, machine: judgement.machine, metric: options.metric)
    return row.with(log(oldValue / corrected) > judgement.multiple * noise ? .improved : .withinNoise)
  }
}
