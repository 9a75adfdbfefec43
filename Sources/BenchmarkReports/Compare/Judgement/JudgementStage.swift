import BenchmarkKit

/// One named step of the verdict on a case measured as a value in both runs.
///
/// A stage either lets the change through to the next stage (`nil`) or decides
/// the verdict. Every stage is a reason to doubt a change, so a change that no
/// stage doubts is the code's: regressed when slower, improved when faster.
/// Keeping each doubt a named value in one ordered list
/// (``RunComparison/judgementStages``) lets a test remove one stage and show the
/// case it alone decides; `JudgementStageTests` does so for each.
struct JudgementStage: Sendable {
  /// The stage's name, for tests and messages: e.g. `threshold`.
  let name: String
  /// The verdict this stage reaches on `judgement`, or `nil` to hand it on; it
  /// may fill in figures of the row (the p-value, the interval).
  let judge: @Sendable (inout CaseJudgement) -> RunComparison.Verdict?
}

extension RunComparison {
  /// The verdict's stages, in the order they are asked.
  ///
  /// The first two are cheap and settle most cases; the later ones each need
  /// more of the samples. After ``JudgementStage/sampleCount`` every stage can
  /// only demote a change to ``Verdict/withinNoise``, so their order does not
  /// change a verdict. docs/REPORTS.md explains each stage for users.
  static let judgementStages: [JudgementStage] = [
    .threshold, .noise, .resolution, .workloadReference, .sampleCount, .significance, .baselineBand,
  ]

  /// Runs `judgement` through `stages` in order and returns its row with the
  /// first verdict reached, or the change's direction when no stage doubts it.
  static func judge(_ judgement: CaseJudgement, stages: [JudgementStage] = judgementStages) -> Row {
    var judgement = judgement
    for stage in stages {
      if let verdict = stage.judge(&judgement) { return judgement.row.with(verdict) }
    }
    return judgement.row.with(judgement.slower ? .regressed : .improved)
  }
}
