import BenchmarkKit
import Testing

@Suite("BenchmarkPlan")
struct BenchmarkPlanTests {
  static let registry = [
    BenchmarkSuite(
      name: "reads", summary: "reads",
      scenarios: [
        scenario("untracked", sizes: [1], strategies: ["lock", "apple", "none"]),
        scenario("tracked", sizes: [1, 10, 100], quickSizes: [1, 100], strategies: ["lock", "apple"]),
      ]),
    BenchmarkSuite(
      name: "selfcheck", summary: "harness", isDefault: false,
      scenarios: [scenario("empty", sizes: [1], strategies: ["harness"])]),
  ]

  static func scenario(
    _ name: String, sizes: [Int], quickSizes: [Int]? = nil, strategies: [String]
  ) -> BenchmarkScenario {
    BenchmarkScenario(name: name, summary: name, sizes: sizes, quickSizes: quickSizes, strategies: strategies) { _, _ in
      PreparedCase(run: { _ in })
    }
  }

  private func plan(_ selection: BenchmarkSelection) throws -> BenchmarkPlan {
    try BenchmarkPlan(registry: Self.registry, selection: selection)
  }

  private func message(_ selection: BenchmarkSelection) -> String? {
    do {
      _ = try plan(selection)
      return nil
    } catch {
      return (error as? SelectionError)?.message
    }
  }

  @Test func plan_byDefault_runsDefaultSuitesOnly() throws {
    let plan = try plan(BenchmarkSelection())
    #expect(Set(plan.groups.map(\.suite)) == ["reads"])
    #expect(plan.caseCount == 3 + 2 * 3)
  }

  @Test func plan_groupsEveryStrategyOfOneScenarioAndSize() throws {
    let plan = try plan(BenchmarkSelection(scenarios: [GlobPattern("tracked")]))
    #expect(plan.groups.map(\.size) == [1, 10, 100])
    #expect(plan.groups.allSatisfy { $0.strategies == ["lock", "apple"] })
  }

  @Test func plan_whenQuick_usesQuickSizes_andSizesOverrideOnlySizedScenarios() throws {
    #expect(
      try plan(BenchmarkSelection(scenarios: [GlobPattern("tracked")], quick: true)).groups.map(\.size) == [1, 100])
    let overridden = try plan(BenchmarkSelection(sizes: [1000, 5]))
    #expect(overridden.groups.filter { $0.scenario.name == "tracked" }.map(\.size) == [5, 1000])
    #expect(overridden.groups.filter { $0.scenario.name == "untracked" }.map(\.size) == [1])
  }

  @Test func plan_withGlobAndSuitePath_selectsAcrossSuites() throws {
    #expect(try plan(BenchmarkSelection(scenarios: [GlobPattern("*track*")])).caseCount == 9)
    let selfcheck = try plan(BenchmarkSelection(scenarios: [GlobPattern("selfcheck/empty")]))
    #expect(selfcheck.groups.map(\.suite) == ["selfcheck"])
  }

  @Test func plan_withStrategies_keepsOnlyThose() throws {
    let plan = try plan(BenchmarkSelection(strategies: ["none"]))
    #expect(plan.caseCount == 1)
    #expect(plan.groups.first?.strategies == ["none"])
  }

  @Test func plan_withUnknownSuite_namesTheExistingOnes() {
    #expect(message(BenchmarkSelection(suites: ["nope"])) == "unknown suite 'nope'; suites: reads, selfcheck")
  }

  @Test func plan_withUnmatchedScenario_namesTheExistingOnes() throws {
    let text = try #require(message(BenchmarkSelection(scenarios: [GlobPattern("zzz*")])))
    #expect(text.hasPrefix("no scenario matches 'zzz*'; scenarios: reads/untracked, reads/tracked"))
  }

  @Test func plan_withUnknownStrategy_namesTheExistingOnes() {
    #expect(
      message(BenchmarkSelection(strategies: ["fast"]))
        == "unknown strategy 'fast'; strategies: lock, apple, none, harness")
  }

  @Test func plan_whenFiltersLeaveNothing_saysSo() throws {
    let text = try #require(message(BenchmarkSelection(suites: ["selfcheck"], strategies: ["apple"])))
    #expect(text.hasPrefix("nothing to run"))
  }
}
