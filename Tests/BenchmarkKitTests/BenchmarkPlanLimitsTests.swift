import BenchmarkKit
import Testing

/// Sizes a scenario cannot take and strategies it does not support: refused or
/// skipped before anything runs, and said in one line each.
@Suite("BenchmarkPlan limits")
struct BenchmarkPlanLimitsTests {
  static func scenario(_ name: String, allowed: ClosedRange<Int>, strategies: [String] = ["lock", "none"])
    -> BenchmarkScenario
  {
    BenchmarkScenario(name: name, summary: name, sizes: [1, 10], strategies: strategies, allowedSizes: allowed) {
      _, _ in
      PreparedCase(run: { _ in })
    }
  }

  static let registry = [
    BenchmarkSuite(
      name: "reads", summary: "reads",
      scenarios: [
        scenario("narrow", allowed: 1...62),
        scenario("wide", allowed: 1...1_000),
        scenario("actor-only", allowed: 1...1_000, strategies: ["actor"]),
        BenchmarkScenario(name: "unsized", summary: "unsized", strategies: ["lock"]) { _, _ in
          PreparedCase(run: { _ in })
        },
      ])
  ]

  private func plan(_ selection: BenchmarkSelection) throws(SelectionError) -> BenchmarkPlan {
    try BenchmarkPlan(registry: Self.registry, selection: selection)
  }

  @Test func plan_whenTheOnlySizedScenarioCannotTakeASize_namesItsRange() {
    #expect(throws: SelectionError("reads/narrow takes sizes 1...62; --sizes asked for 63, 100")) {
      try plan(BenchmarkSelection(scenarios: [GlobPattern("narrow")], sizes: [1, 63, 100]))
    }
  }

  @Test func plan_whenSeveralSizedScenarios_skipsWhatEachCannotTake_inOneNote() throws {
    let plan = try plan(BenchmarkSelection(sizes: [1, 10, 100]))
    let sizes = { (name: String) in plan.groups.filter { $0.scenario.name == name }.map(\.size) }
    #expect(sizes("narrow") == [1, 10])
    #expect(sizes("wide") == [1, 10, 100])
    #expect(sizes("unsized") == [1])
    #expect(plan.notes == ["sizes skipped: reads/narrow takes 1...62, skips 100"])
  }

  @Test func plan_whenNoScenarioTakesTheSizes_saysNothingRuns() {
    #expect(throws: SelectionError.self) {
      try plan(BenchmarkSelection(scenarios: [GlobPattern("narrow"), GlobPattern("wide")], sizes: [5_000]))
    }
  }

  @Test func plan_whenNoSelectedScenarioIsSized_saysTheSizesAreIgnored() throws {
    let plan = try plan(BenchmarkSelection(scenarios: [GlobPattern("unsized")], sizes: [10, 100]))
    #expect(plan.groups.map(\.size) == [1])
    #expect(plan.notes == ["--sizes 10,100 ignored: none of the selected scenarios (reads/unsized) takes a size"])
  }

  @Test func plan_withinLimits_hasNoNotes() throws {
    #expect(try plan(BenchmarkSelection(sizes: [1, 62])).notes.isEmpty)
    #expect(try plan(BenchmarkSelection()).notes.isEmpty)
  }

  @Test func plan_withStrategiesSomeScenariosLack_saysWhichSkipWhich_inOneLine() throws {
    let plan = try plan(BenchmarkSelection(strategies: ["none", "actor"]))
    #expect(
      plan.notes == [
        "strategies skipped where unsupported: reads/narrow, reads/wide skip actor; reads/actor-only skip "
          + "none; reads/unsized skip none, actor"
      ])
  }

  @Test func plan_withASizeCondition_skipsSizesThatFailIt() throws {
    let fours = BenchmarkScenario(
      name: "fours", summary: "fours", sizes: [1, 4, 16], strategies: ["lock"],
      sizeCondition: SizeCondition("1 or a multiple of 4") { $0 == 1 || $0 % 4 == 0 }
    ) { _, _ in PreparedCase(run: { _ in }) }
    let registry = [
      BenchmarkSuite(name: "s", summary: "s", scenarios: [fours, Self.scenario("wide", allowed: 1...1_000)])
    ]
    let plan = try BenchmarkPlan(registry: registry, selection: BenchmarkSelection(sizes: [1, 10, 100]))
    #expect(plan.groups.filter { $0.scenario.name == "fours" }.map(\.size) == [1, 100])
    #expect(plan.notes == ["sizes skipped: s/fours takes 1...160, 1 or a multiple of 4, skips 10"])
    #expect(throws: SelectionError("s/fours takes sizes 1...160, 1 or a multiple of 4; --sizes asked for 10")) {
      try BenchmarkPlan(
        registry: registry, selection: BenchmarkSelection(scenarios: [GlobPattern("fours")], sizes: [10]))
    }
  }

  @Test func prepare_outsideTheAllowedSizes_throws_insteadOfReachingTheWorkload() {
    let scenario = Self.scenario("narrow", allowed: 1...62)
    #expect(throws: SizeOutOfRange(scenario: "narrow", size: 63, allowed: "1...62")) {
      try scenario.prepare(strategy: "lock", size: 63)
    }
    #expect(throws: Never.self) { try scenario.prepare(strategy: "lock", size: 62) }
  }
}
