import BenchmarkKit
import Foundation

extension RunComparison {
  /// The verdict on one case, against the machine's factor.
  ///
  /// Two values go through ``judgementStages``; a median under its resolution
  /// (a bound) is never divided and is judged by ``judgeBoundBecameValue(_:bound:newValue:)``
  /// or ``judgeValueBecameBound(_:oldValue:bound:)``; two bounds say nothing.
  static func row(
    key: CaseKey, before: CaseResult?, after: CaseResult?, machine: MachineSpeed, multiple: Double, options: Options,
    groupReference: (before: CaseResult, after: CaseResult)? = nil, stages: [JudgementStage] = judgementStages
  ) -> Row {
    var (row, decided) = startedRow(key: key, before: before, after: after, options: options)
    guard !decided, let before, let after, let old = row.baseline, let new = row.current else { return row }
    let bounds = BoundJudgement(
      row: row, before: before, after: after, machine: machine, multiple: multiple, options: options)
    switch (old, new) {
    case (.value(let oldMedian), .value(let newMedian)):
      return judge(
        CaseJudgement(
          row: row, before: before, after: after, oldMedian: oldMedian, newMedian: newMedian, machine: machine,
          multiple: multiple, options: options, groupReference: groupReference),
        stages: stages)
    case (.below(let bound), .value(let newValue)):
      return judgeBoundBecameValue(bounds, bound: bound, newValue: newValue)
    case (.value(let oldValue), .below(let bound)):
      return judgeValueBecameBound(bounds, oldValue: oldValue, bound: bound)
    default:
      row.change = .unresolved
      return row
    }
  }
}

extension RunComparison.Row {
  func with(_ verdict: RunComparison.Verdict) -> Self {
    var row = self
    row.verdict = verdict
    return row
  }
}
