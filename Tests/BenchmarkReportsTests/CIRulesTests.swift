import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// ci/rules.txt on the committed reference run: it holds there, and each of the
/// core's headline operations made 2× slower breaks it.
@Suite("ci/rules.txt bites")
struct CIRulesTests {
  static let rules: [CheckRule] = {
    let path = ReferenceRun.repository.appendingPathComponent("ci/rules.txt").path
    let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    return try! CheckRule.parseFile(text, source: path)
  }()

  static func broken(in run: BenchmarkRun) -> [RuleVerdict] {
    rules.flatMap { $0.evaluate(in: run) }.filter { !$0.passed }
  }

  /// `run` with `strategy` at `suite/scenario` taking `factor` × as long, every sample.
  static func slowed(_ suiteScenario: String, strategy: String = "lock-thread-keypath", by factor: Double) -> BenchmarkRun {
    var run = ReferenceRun.run
    run.cases = run.cases.map { result in
      guard "\(result.suite)/\(result.scenario)" == suiteScenario, result.strategy == strategy else { return result }
      var slower = result
      slower.samples = result.samples.map { $0 * factor }
      slower.statistics = Statistics(slower.samples, resamples: 100)
      return slower
    }
    return run
  }

  @Test func theReferenceRunPassesEveryRule() {
    #expect(Self.broken(in: ReferenceRun.run).map(\.line) == [])
  }

  /// Each headline operation with the strategy its gate names (a strategy whose
  /// median the reference resolves: a bound cannot be gated).
  @Test(arguments: [
    ("reads/tracked", "lock-thread-keypath"), ("reads/untracked", "lock-task-keypath"),
    ("mutations/no-observers", "lock-thread-keypath"), ("scopes/track-fire", "lock-thread-keypath"),
  ])
  func theCoreTwiceAsSlow_breaksTheGate(scenario: String, strategy: String) {
    let broken = Self.broken(in: Self.slowed(scenario, strategy: strategy, by: 2))
    #expect(!broken.isEmpty, "no rule broke with \(scenario) 2× slower")
    #expect(broken.allSatisfy { $0.key.map { "\($0.suite)/\($0.scenario)" } == scenario })
  }

  @Test func everySuitesHeadlineIsGated_againstAppleAndNone() {
    let gated = Set(Self.rules.filter { $0.reference != nil }.map { $0.scenario.description.split(separator: "/").first.map(String.init) ?? "" })
    #expect(gated.isSuperset(of: ["reads", "mutations", "scopes", "nesting", "collections", "contention"]))
    #expect(Self.rules.contains { $0.reference == "none" })
  }

  @Test func suggestedBounds_areWithinTwiceTheMeasuredRatio() throws {
    let path = ReferenceRun.repository.appendingPathComponent("ci/rules.txt").path
    let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    let suggested = try RulesSuggestion.rewrite(text, run: ReferenceRun.run, source: "rules")
    for rule in try CheckRule.parseFile(suggested, source: "suggested") where rule.reference != nil && rule.metric == .median {
      for verdict in rule.evaluate(in: ReferenceRun.run) {
        let measured = try #require(verdict.value)
        #expect(rule.bound > measured && rule.bound < 2 * measured, "\(rule.text): measured \(measured)")
      }
    }
  }
}
