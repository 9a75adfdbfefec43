import BenchmarkKit
import Foundation

/// One case measured as a value in both runs, on its way through the verdict's
/// stages (``JudgementStage``): what the stages read, and the row they fill in.
///
/// The figures are factor-corrected once here, so that every stage asks the same
/// question of the same numbers: did the code under test move, beyond what the
/// machine did to every case?
struct CaseJudgement {
  /// The case in the baseline.
  let before: CaseResult
  /// The case in the current run.
  let after: CaseResult
  /// The machine's factor and noise between the runs.
  let machine: MachineSpeed
  /// How many times its noise a change must exceed (``RunComparison/noiseMultiple``).
  let multiple: Double
  /// How strict the comparison is.
  let options: RunComparison.Options
  /// The reference case measured beside this one, in both runs
  /// (``RunComparison/groupReference(of:baseline:current:options:)``).
  let groupReference: (before: CaseResult, after: CaseResult)?
  /// The baseline's location: the passes' weighted geometric mean of medians
  /// (``MachineSpeed/location(_:metric:)``), else its published median.
  let oldValue: Double
  /// The current run's location, not corrected for the machine.
  let newValue: Double
  /// The standard deviation of the case's log change between runs of
  /// unchanged code (``RunComparison/noiseOfChange(before:after:machine:metric:)``),
  /// taken once: the noise stage and the detectable change both read it.
  let noise: Double
  /// The row as the stages have filled it in so far.
  var row: RunComparison.Row

  /// The change beyond the machine's factor: `newValue / oldValue / factor`.
  var change: Double { newValue / oldValue / machine.factor }
  /// Whether the change is a slowdown.
  var slower: Bool { change > 1 }
  /// The log of the threshold: the least change that counts.
  var limit: Double { log(1 + options.threshold) }
  /// The metric judged.
  var metric: ComparedMetric { options.metric }
  /// Whether each side has the samples to confirm a change.
  var enoughSamples: Bool { min(row.sampleCounts.baseline, row.sampleCounts.current) >= options.minimumSamples }
  /// The baseline's samples.
  var oldSamples: [Double] { metric.samples(before) }
  /// The current run's samples, divided by the machine's factor.
  var correctedSamples: [Double] { metric.samples(after).map { $0 / machine.factor } }

  init(
    row: RunComparison.Row, before: CaseResult, after: CaseResult, oldMedian: Double, newMedian: Double,
    machine: MachineSpeed, multiple: Double, options: RunComparison.Options,
    groupReference: (before: CaseResult, after: CaseResult)?
  ) {
    self.before = before
    self.after = after
    self.machine = machine
    self.multiple = multiple
    self.options = options
    self.groupReference = groupReference
    // A run's location over its passes, which a pass that happened to take more
    // samples cannot tilt.
    oldValue = MachineSpeed.location(before, metric: options.metric) ?? oldMedian
    newValue = MachineSpeed.location(after, metric: options.metric) ?? newMedian
    self.row = row
    self.row.ratio = newValue / oldValue
    self.row.change = .value(newValue / oldValue / machine.factor)
    noise = RunComparison.noiseOfChange(before: before, after: after, machine: machine, metric: options.metric)
    self.row.detectable = exp(max(log(1 + options.threshold), multiple * noise)) - 1
  }
}
