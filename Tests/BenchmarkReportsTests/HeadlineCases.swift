import BenchmarkKit
import BenchmarkReports
import Foundation

/// Cases of one scenario measured side by side in 4 passes of 8 rounds, for the
/// tests of headlines, ties, overheads and the Pareto front.
///
/// Every case of a round shares that round's machine state (a drift of ±10%
/// common to all), as the runner's round-robin sampling gives, plus a small
/// jitter of its own (`jitter` × a deterministic pattern per strategy).
enum HeadlineCases {
  static let passes = 4
  static let rounds = 8

  /// A case of `strategy` with a median near `nanoseconds`.
  static func result(
    _ strategy: String, _ nanoseconds: Double, suite: String = "collections", scenario: String = "update-row",
    size: Int = 10, jitter: Double = 0.01, allocations: Double = 1, notifications: Double? = 1
  ) -> CaseResult {
    let seed = Double(strategy.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) } % 97)
    let passes = (0..<passes).map { pass in
      (0..<rounds).map { round in
        let drift = 1 + 0.1 * sin(Double(pass * 7 + round * 3))
        let own = 1 + jitter * sin(Double(pass * 5 + round * 11) + seed)
        return nanoseconds * drift * own
      }
    }
    var result = PassCases.result(strategy, passes: passes, scenario: scenario)
    result.suite = suite
    result.size = size
    result.summarise(resamples: 200, seed: 7)
    result.allocationsPerOperation = allocations
    result.notificationsPerOperation = notifications
    return result
  }

  /// A run of `cases` with its figures published, `headline` the headline of
  /// each suite and `forms` the scenarios' forms.
  static func run(
    _ cases: [CaseResult], headlines: [String: String] = ["collections": "update-row"],
    forms: [String: ScenarioForm]? = nil
  ) -> BenchmarkRun {
    var run = BenchmarkRun(
      environment: Fixtures.environment, settings: Fixtures.settings, cases: cases, suiteHeadlines: headlines)
    run.scenarioForms = forms
    return Publication.publish(run)
  }
}
