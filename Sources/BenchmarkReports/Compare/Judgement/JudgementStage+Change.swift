import Foundation

extension JudgementStage {
  /// A change of at most ``RunComparison/Options/threshold`` beyond the machine's
  /// factor is unchanged: smaller moves are not worth a reviewer's time, however
  /// certain. Unchanged is a claim, made only where the comparison could have
  /// seen a change of the threshold (``RunComparison/Row/detectable``); where
  /// the case's noise hides more than that, it is within noise.
  static let threshold = JudgementStage(name: "threshold") { judgement in
    guard abs(log(judgement.change)) <= judgement.limit else { return nil }
    return (judgement.row.detectable ?? 0) > judgement.options.threshold + 1e-12 ? .withinNoise : .unchanged
  }

  /// A change within ``RunComparison/noiseMultiple`` times the case's noise
  /// (``RunComparison/noiseOfChange(before:after:machine:metric:)``) is within
  /// noise: unchanged code on these machines moves that far.
  static let noise = JudgementStage(name: "noise") { judgement in
    abs(log(judgement.change)) > judgement.multiple * judgement.noise ? nil : .withinNoise
  }
}
