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
    rules.flatMap { $0.evaluate(in: run) }.filter { !$0.holds }
  }

  /// `run` with `strategy` at `suite/scenario` taking `factor` × as long, every sample.
  static func slowed(_ suiteScenario: String, strategy: String = "lock-thread-keypath", by factor: Double)
    -> BenchmarkRun
  {
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

  /// Operations the gates time, with the strategy their gate names (a strategy
  /// whose median the reference resolves: a bound cannot be gated).
  @Test(arguments: [
    ("reads/store-after-send", "lock-thread-keypath"), ("mutations/observed", "lock-thread-keypath"),
    ("scopes/track-fire", "lock-thread-keypath"), ("collections/update-row", "lock-thread-keypath"),
  ])
  func theCoreTwiceAsSlow_breaksTheGate(scenario: String, strategy: String) {
    let broken = Self.broken(in: Self.slowed(scenario, strategy: strategy, by: 2))
    #expect(!broken.isEmpty, "no rule broke with \(scenario) 2× slower")
    #expect(broken.allSatisfy { $0.key.map { "\($0.suite)/\($0.scenario)" } == scenario })
  }

  @Test func everySuitesHeadlineIsGated_exceptContention() {
    let gated = Set(
      Self.rules.filter { $0.reference != nil }.map {
        $0.scenario.description.split(separator: "/").first.map(String.init) ?? ""
      })
    #expect(gated == ["reads", "mutations", "scopes", "nesting", "collections"])
    for headline in [
      "reads/render-body@100", "mutations/render-mutate@1", "scopes/lazy-rows-per-row-scope@1", "nesting/leaf-write@64",
      "collections/update-row@10",
    ] {
      #expect(
        Self.rules.contains { $0.reference == "apple" && "\($0.scenario)@\($0.size ?? 0)" == headline }, "\(headline)")
    }
    #expect(Self.rules.contains { $0.reference == "none" })
  }

  /// A few-nanosecond or contended case's ratio moves between hosts: no rule
  /// times one, and the few-nanosecond operations have instruction gates.
  @Test func noRuleTimesAFewNanosecondOrContendedCase() throws {
    let verdicts = Self.rules.filter { $0.metric == .median }.flatMap { $0.evaluate(in: ReferenceRun.run) }
    #expect(verdicts.compactMap(\.warning) == [])
    let path = ReferenceRun.repository.appendingPathComponent("ci/instructions.txt").path
    let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    let instructionRules = try CheckRule.parseFile(text, source: path)
    for scenario in ["reads/tracked", "reads/untracked", "mutations/no-observers"] {
      #expect(instructionRules.contains { $0.scenario.description == scenario }, "\(scenario)")
    }
  }

  /// On another host the untracked read against apple measured 0.043–0.046, the
  /// one-thread store against none 17.7–19.7: warned, not failed.
  @Test func theRatiosThatBrokeOnAnotherHost_warnInsteadOfFailing() throws {
    let untracked = Self.slowed("reads/untracked", strategy: "lock-task-keypath", by: 2)
    let rule = try CheckRule(parsing: "lock-task-keypath / apple on reads/untracked <= 0.04")
    #expect(rule.evaluate(in: untracked).allSatisfy { $0.holds && $0.warning != nil })
    let store = Self.slowed("contention/store", by: 1.5)
    let contention = try CheckRule(parsing: "lock-thread-keypath / none on contention/store@1 <= 13")
    #expect(contention.evaluate(in: store).allSatisfy { $0.holds && $0.warning != nil })
  }

  @Test func suggestedBounds_areWithinTwiceTheMeasuredRatio() throws {
    let path = ReferenceRun.repository.appendingPathComponent("ci/rules.txt").path
    let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    let suggested = try RulesSuggestion.rewrite(text, run: ReferenceRun.run, source: "rules")
    for rule in try CheckRule.parseFile(suggested, source: "suggested")
    where rule.reference != nil && rule.metric == .median {
      for verdict in rule.evaluate(in: ReferenceRun.run) {
        let measured = try #require(verdict.value)
        #expect(rule.bound > measured && rule.bound < 2 * measured, "\(rule.text): measured \(measured)")
      }
    }
  }
}
