import BenchmarkKit
import Foundation

extension JudgementStage {
  /// Beyond the noise, only the samples can confirm a change, and fewer than
  /// ``RunComparison/Options/minimumSamples`` a side cannot: a slowdown is then
  /// ``RunComparison/Verdict/notEnoughSamples`` (which fails the gate), an
  /// improvement nobody can confirm fails nothing.
  static let sampleCount = JudgementStage(name: "sample count") { judgement in
    judgement.enoughSamples ? nil : judgement.slower ? .notEnoughSamples : .withinNoise
  }

  /// A change counts only if a Mann–Whitney U test on the factor-corrected samples
  /// (p under ``RunComparison/Options/significance``) and their bootstrap ratio
  /// interval (excluding 1) both say so; the row keeps both figures.
  static let significance = JudgementStage(name: "significance") { judgement in
    let oldSamples = judgement.oldSamples
    let newSamples = judgement.correctedSamples
    let options = judgement.options
    judgement.row.pValue = MannWhitneyU(oldSamples, newSamples)?.pValue
    judgement.row.interval = RatioInterval.bootstrap(
      baseline: oldSamples, current: newSamples, resamples: options.resamples, confidence: options.confidence,
      seed: SplitMix64.seed(for: judgement.row.key.description))
    let testSays = (judgement.row.pValue ?? 1) < options.significance
    let intervalSays = judgement.row.interval.map { judgement.slower ? $0.lowerBound > 1 : $0.upperBound < 1 } ?? false
    return testSays && intervalSays ? nil : .withinNoise
  }

  /// The central share of the baseline's samples a moved median may land in and
  /// still be the baseline's own: 80%, from its 10th to its 90th percentile.
  static let baselineBandQuantiles = 0.1...0.9

  /// A median that moved to where the baseline's own samples often were (their
  /// central 80%, ``baselineBandQuantiles``) is a case flipping between states the
  /// baseline already saw, not a change of the code.
  static let baselineBand = JudgementStage(name: "baseline band") { judgement in
    let sorted = judgement.oldSamples.sorted()
    guard !sorted.isEmpty else { return nil }
    let corrected = judgement.newValue / judgement.machine.factor
    let outside =
      judgement.slower
      ? corrected > Statistics.percentile(baselineBandQuantiles.upperBound, ofSorted: sorted)
      : corrected < Statistics.percentile(baselineBandQuantiles.lowerBound, ofSorted: sorted)
    return outside ? nil : .withinNoise
  }
}
