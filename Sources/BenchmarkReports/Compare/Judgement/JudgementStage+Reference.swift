import Foundation

extension JudgementStage {
  /// A time is known only to its uncertainty (``CaseResult/uncertaintyNs``: the
  /// loop cost removed, which one process may measure at 0.3 ns and the next at
  /// 0.7, and its median's interval), so a case near its resolution moved only
  /// where the two ranges part.
  static let resolution = JudgementStage(name: "resolution") { judgement in
    guard judgement.metric.name == ComparedMetric.time.name, let oldUncertainty = judgement.before.uncertaintyNs,
      let newUncertainty = judgement.after.uncertaintyNs
    else { return nil }
    let factor = judgement.machine.factor
    let parted =
      judgement.slower
      ? (judgement.newValue - newUncertainty) / factor > judgement.oldValue + oldUncertainty
      : (judgement.newValue + newUncertainty) / factor < judgement.oldValue - oldUncertainty
    return parted ? nil : .withinNoise
  }

  /// Where the reference measured beside the case (``RunComparison/groupReference(of:baseline:current:options:)``)
  /// moved the same way beyond its own noise, the machine slowed this workload
  /// more than the run as a whole, or a process landed in a slower state for it;
  /// the code then changed only if its standing against that reference (the paired
  /// ratio, round by round within each pass) moved beyond its interval too.
  static let workloadReference = JudgementStage(name: "workload reference") { judgement in
    guard let reference = judgement.groupReference, let referenceChange = referenceChange(judgement) else {
      return nil
    }
    let limit = judgement.limit
    let referenceNoise = RunComparison.noiseOfChange(
      before: reference.before, after: reference.after, machine: judgement.machine, metric: judgement.metric)
    let referenceMoved = judgement.slower ? referenceChange : -referenceChange
    // The standing's intervals are bootstrapped: only worth it where the reference moved.
    guard referenceMoved > max(limit, referenceNoise),
      let standing = RunComparison.standingChange(
        before: judgement.before, after: judgement.after, reference: reference, options: judgement.options)
    else { return nil }
    let moved = judgement.slower ? standing.logChange : -standing.logChange
    return moved > max(limit, judgement.multiple * standing.noise) ? nil : .withinNoise
  }

  /// The log change beyond the machine's factor of the reference beside the case.
  private static func referenceChange(_ judgement: CaseJudgement) -> Double? {
    guard let reference = judgement.groupReference else { return nil }
    let metric = judgement.metric
    guard let old = MachineSpeed.location(reference.before, metric: metric) ?? metric.median(reference.before)?.value,
      let new = MachineSpeed.location(reference.after, metric: metric) ?? metric.median(reference.after)?.value
    else { return nil }
    return log(new / old / judgement.machine.factor)
  }
}
