import BenchmarkKit
import Foundation

extension RunComparison {
  /// The fraction of the run's ``MachineSpeed/residualNoise`` that no case's noise
  /// goes under.
  ///
  /// A case whose passes agree closely within each run can still move as a whole
  /// between runs (one case of unchanged code measured 915–963 ns in the four
  /// processes of one run and 982–1040 ns in the four of the next), and how far
  /// unchanged cases stray from the machine's factor is the measure of that.
  /// Small regressions are the instruction gates' to catch (`ci/instructions.txt`):
  /// counts do not drift.
  static let residualNoiseFloor = 0.5

  /// The standard deviation of a case's log change between two runs of unchanged
  /// code: its medians' sampling spread (``MachineSpeed/samplingSpread(_:_:metric:)``)
  /// times the machine's ``MachineSpeed/noiseScale``, and never less than
  /// ``residualNoiseFloor`` of the run's ``MachineSpeed/residualNoise``.
  static func noiseOfChange(
    before: CaseResult?, after: CaseResult?, machine: MachineSpeed, metric: ComparedMetric
  ) -> Double {
    max(
      (machine.noiseScale ?? 1) * MachineSpeed.samplingSpread(before, after, metric: metric),
      (machine.residualNoise ?? 0) * residualNoiseFloor)
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
    let spread = { (interval: ClosedRange<Double>) in
      log(interval.upperBound / interval.lowerBound) / (2 * MachineSpeed.z95)
    }
    let noise = (pow(spread(oldInterval), 2) + pow(spread(newInterval), 2)).squareRoot()
    return (log(new / old), noise)
  }
}
