import BenchmarkKit
import Testing

@testable import BenchmarkReports

/// "Which should I use": the Pareto front on time, notifications and
/// allocations per operation of each suite's headline case.
@Suite("Which should I use")
struct StrategyChoiceTests {
  static func run() -> BenchmarkRun {
    var run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 100, allocations: 2, notifications: 1),
      // Twice as slow, the same counts: dominated.
      HeadlineCases.result("lock-task-keypath", 200, allocations: 2, notifications: 1),
      // As slow, but allocates nothing: on the front.
      HeadlineCases.result("actor-task-keypath", 200, allocations: 0, notifications: 1),
      // As fast, notifies more: dominated.
      HeadlineCases.result("lock-thread-whole", 105, jitter: 0, allocations: 2, notifications: 11),
      HeadlineCases.result("apple", 400),
      HeadlineCases.result("none", 20),
    ])
    run.strategyTradeOffs = [
      "lock-thread-keypath": ["no tracking across await"], "lock-task-keypath": [],
      "actor-task-keypath": ["callers off the actor hop in"],
      "lock-thread-whole": ["no tracking across await", "no per-field invalidation (over-notifies)"],
    ]
    return run
  }

  @Test func choices_whenAStrategyIsDominated_leaveItOffTheFront() throws {
    let run = Self.run()
    let standing = { (id: String) in run.cases.first { $0.strategy == id }?.published?.choice }
    #expect(standing("lock-task-keypath")?.dominatedBy == "lock-thread-keypath")
    #expect(standing("lock-thread-whole")?.dominatedBy == "lock-thread-keypath")
    #expect(standing("lock-thread-keypath")?.isOnFront == true)
    #expect(standing("actor-task-keypath")?.isOnFront == true)
    #expect(standing("apple") == nil)
    let choice = try #require(StrategyFront.choices(of: run).first)
    #expect(choice.options.map(\.strategy) == ["lock-thread-keypath", "actor-task-keypath"])
    #expect(choice.judged == 4)
  }

  @Test func choices_whenNotTheHeadline_areNotPublished() {
    let run = HeadlineCases.run(
      [HeadlineCases.result("lock-thread-keypath", 100), HeadlineCases.result("lock-task-keypath", 200)],
      headlines: ["collections": "insert"])
    #expect(run.cases.allSatisfy { $0.published?.choice == nil })
  }

  @Test func summary_leadsWithWhichShouldIUse_andSaysWhatEachGivesUp() throws {
    let text = MarkdownSummary.render(Self.run())
    let which = try #require(text.range(of: "## Which should I use"))
    let headlines = try #require(text.range(of: "## Headlines"))
    #expect(which.lowerBound < headlines.lowerBound)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("- **collections**") }.map(String.init))
    #expect(
      line
        == "- **collections** (`update-row` at 10, 2 of 4): no tracking across await: `lock-thread-keypath` (cheapest)"
        + " · callers off the actor hop in: `actor-task-keypath` — ratio to apple 0.25× (0.25×–0.25×); 4 faster, 0 "
        + "slower of 4")
    let html = HTMLReport.render(Self.run())
    #expect(html.contains("<h2 id=\"which\">Which should I use</h2>"))
  }
}
