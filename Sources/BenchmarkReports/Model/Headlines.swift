import BenchmarkKit

/// The first thing a summary shows: per suite, its headline scenario (the
/// realistic shape, ``BenchmarkSuite/headline``) and the best strategy's ratio to
/// `apple` there, with its interval, as the run published them.
struct Headline {
  var suite: String
  var scenario: String
  var size: Int
  /// The cheapest strategy with a resolved ratio (neither `apple` nor `none`).
  var best: String?
  var ratio: Figure?
  var interval: ClosedRange<Double>?
  var bestTime: Figure?
  /// How many samples the best strategy's case has.
  var bestSamples: SampleCount?
  var appleTime: Figure?
  var noneTime: Figure?

  /// One headline per suite and size of its headline scenario, in run order.
  static func headlines(of run: BenchmarkRun) -> [Headline] {
    var suites = [String]()
    for result in run.cases where !suites.contains(result.suite) { suites.append(result.suite) }
    var lines = [Headline]()
    for suite in suites {
      let cases = run.cases.filter { $0.suite == suite }
      guard let scenario = run.suiteHeadlines?[suite] ?? cases.first?.scenario else { continue }
      let sizes = Array(Set(cases.filter { $0.scenario == scenario }.map(\.size))).sorted()
      for size in sizes {
        let row = cases.filter { $0.scenario == scenario && $0.size == size }
        let apple = row.first { $0.strategy == Publication.reference }
        var line = Headline(
          suite: suite, scenario: scenario, size: size,
          appleTime: apple?.published?.medianNs,
          noneTime: row.first { $0.strategy == FloorCheck.floor }?.published?.medianNs)
        // Every ratio is to `apple`, so the cheapest is the smallest published ratio.
        let ranked = row.filter { $0.strategy != Publication.reference && $0.strategy != FloorCheck.floor }
          .compactMap { result in result.published?.ratioToApple?.value.map { (result, $0) } }
          .min { $0.1 < $1.1 }
        if let (result, _) = ranked, let published = result.published {
          line.best = result.strategy
          line.ratio = published.ratioToApple
          line.interval = published.ratioInterval
          line.bestTime = published.medianNs
          line.bestSamples = SampleCount(of: result)
        }
        lines.append(line)
      }
    }
    return lines
  }
}
