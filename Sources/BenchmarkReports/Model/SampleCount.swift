import BenchmarkKit

/// How many samples a case's figures rest on: in all, and the fewest and most
/// one pass took when its passes took different counts.
///
/// A median of 5 samples and one of 40 print alike; so do a case whose four
/// passes took 10 each and one where a pass took 2. Reports print the count
/// beside the figures so a reader can weigh them.
struct SampleCount: Hashable, Sendable {
  /// Every sample of the case.
  var total: Int
  /// The fewest and most samples one pass took, when the passes differ; `nil`
  /// for one pass, equal passes, or counts that do not add up to ``total``.
  var perPass: ClosedRange<Int>?

  /// The count of `result`'s samples, by ``CaseResult/passSampleCounts``.
  init(of result: CaseResult) {
    total = result.samples.count
    if let counts = result.passSampleCounts, counts.count > 1, counts.reduce(0, +) == total,
      let fewest = counts.min(), let most = counts.max(), fewest != most
    {
      perPass = fewest...most
    }
  }

  /// `n=12`, or `n=12 (2–4/pass)` when the passes took different counts.
  var text: String {
    "n=\(total)" + (perPass.map { " (\($0.lowerBound)–\($0.upperBound)/pass)" } ?? "")
  }

  /// What ``text`` means, for a legend.
  static let meaning = "the case's samples, and the fewest–most one pass took when its passes took different counts"
}
