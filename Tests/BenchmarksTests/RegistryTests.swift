import BenchmarkKit
import ObservationCore
import Testing

@testable import Benchmarks

/// The suite and scenario names are the keys of CSV rows and baselines.
@Suite("Registry")
struct RegistryTests {
  @Test func suitesAndScenarios_haveTheirStableNames() {
    let names = Dictionary(uniqueKeysWithValues: ScenarioCase.suites.map { ($0.name, $0.scenarios.map(\.name)) })
    #expect(
      names["reads"]
        == [
          "untracked", "untracked-scope-elsewhere", "untracked-render-scope-open", "untracked-render-checking-off",
          "untracked-render-reported", "tracked", "tracked-properties", "tracked-objects", "store-member",
          "render-body", "store-after-send", "store-after-send-routed",
        ])
    #expect(
      names["mutations"]
        == [
          "no-observers", "observed", "observed-other-keypath", "equal-value", "store-send", "store-send-observed",
          "render-mutate", "observed-rearm", "store-send-rearm", "observed-stream",
        ])
    #expect(
      names["collections"]
        == [
          "update-row", "insert", "remove", "move", "replace-all", "sort", "remove-where", "move-offsets", "filter",
          "update-row-rearm", "insert-rearm", "remove-rearm", "move-rearm", "replace-all-rearm", "sort-rearm",
          "remove-where-rearm", "move-offsets-rearm",
        ])
    #expect(names["nesting"] == ["leaf-write", "leaf-read-tracked", "sibling-write", "leaf-write-rearm"])
    #expect(
      names["scopes"]
        == [
          "empty", "track-fire", "track-many-fire", "never-fires", "never-fires-pileup", "lazy-rows",
          "lazy-rows-per-row-scope", "models-die",
        ])
    #expect(names["contention"] == ["object", "store", "actor-hop", "object-rearm", "store-rearm"])
    #expect(
      names["reported"]
        == [
          "rows-scoped-every-render", "append-row-renders", "send-changes-nothing", "send-changes-nothing-enum",
          "observe-cascade", "observe-cascade-apart", "checking-depth", "partial-update", "create-clear",
          "replace-rows", "append-rows", "row-churn",
          "stalled-reader",
        ])
    #expect(names["app"] == ["todo-session"])
    #expect(names["examples"] == ["tracked-pair"])
  }

  @Test func everyScenario_saysWhatOneOperationIs_andRunsAppleWhereItRunsTheMatrix() {
    for suite in ScenarioCase.suites {
      #expect(
        suite.isDefault || [KnownCounts.suite.name, Examples.suite.name, Reported.suite.name].contains(suite.name))
      for scenario in suite.scenarios {
        #expect(!scenario.summary.isEmpty && !scenario.summary.contains("\n"))
        #expect(scenario.quickSizes.allSatisfy { $0 <= scenario.sizes.last! })
        // The render-context reads measure +checked beside its base: apple has no
        // render context to run them in.
        if scenario.strategies.contains("lock-thread-keypath") && scenario.strategies != StrategyIDs.checkedPairs {
          #expect(scenario.strategies.contains("apple"), "\(suite.name)/\(scenario.name) has no apple row")
        }
      }
    }
  }

  @Test func everyWorkloadSuite_leadsWithItsRealisticShape() {
    let headlines = Dictionary(uniqueKeysWithValues: ScenarioCase.suites.map { ($0.name, $0.headline) })
    #expect(headlines["reads"] == "render-body")
    #expect(headlines["mutations"] == "render-mutate")
    #expect(headlines["collections"] == "update-row")
    #expect(headlines["nesting"] == "leaf-write")
    #expect(headlines["scopes"] == "lazy-rows-per-row-scope")
    #expect(headlines["contention"] == "store")
    #expect(headlines["reported"] == "rows-scoped-every-render")
    #expect(headlines["app"] == "todo-session")
  }

  @Test func renderBody_splitsItsReadsIntoFourFieldsPerObject_andRefusesOtherSizes() throws {
    let one = try Reads.RenderShape(reads: 1)
    #expect(one.fields == 1 && one.objects == 1)
    let thousand = try Reads.RenderShape(reads: 1_000)
    #expect(thousand.fields == 4 && thousand.objects == 250)
    #expect(throws: BadRenderSize.self) { try Reads.RenderShape(reads: 10) }
    let scenario = Reads.renderBody
    // The scenario refuses it before its workload sees it (its size condition).
    #expect(!scenario.takes(6))
    #expect(throws: SizeOutOfRange.self) { try scenario.prepare(strategy: "none", size: 6) }
  }

  @Test func coreDispatch_preparesEveryCatalogStrategyAsItsOwnType() throws {
    for entry in StrategyCatalog.entries {
      let workload = IDWorkload()
      _ = try workload.prepare(id: entry.id)
      #expect(workload.seen.ids == [entry.id], "\(entry.id) dispatched once, to its own type")
    }
    #expect(throws: UnknownStrategy.self) { try IDWorkload().prepare(id: "spin-thread-keypath") }
  }

  @Test func strategyLists_areTheCatalogsCapabilities_withTheMatrixFirst() {
    #expect(StrategyIDs.matrix == StrategyCatalog.ids)
    #expect(
      StrategyIDs.anyThread == ["lock-thread-keypath", "lock-thread-whole", "lock-task-keypath", "lock-task-whole"])
    #expect(
      StrategyIDs.onActor == ["actor-thread-keypath", "actor-thread-whole", "actor-task-keypath", "actor-task-whole"])
    #expect(StrategyIDs.anyThreadRefinements == ["lock-thread-keypath+identity", "lock-task-keypath+identity"])
    let contention = Registry.suites.first { $0.name == "contention" }!
    #expect(
      contention.scenarios.map(\.strategies) == [
        StrategyIDs.anyThread + ["apple", "none"],
        StrategyIDs.anyThread + StrategyIDs.anyThreadRefinements + ["apple", "none"],
        StrategyIDs.onActor,
        StrategyIDs.anyThread + ["apple", "none"],
        StrategyIDs.anyThread + StrategyIDs.anyThreadRefinements + ["apple", "none"],
      ])
  }

  @Test func strategyRoles_keepTheMatrixToItsEight() {
    let roles = Registry.strategyRoles
    #expect(roles.filter { $0.value == "matrix" }.keys.sorted() == StrategyCatalog.ids.sorted())
    #expect(roles["apple"] == "reference" && roles["none"] == "floor")
    #expect(roles["lock-thread-keypath+identity"] == "refinement")
    #expect(roles["lock-thread-keypath+checked"] == "checked")
  }
}

/// A workload that notes the id of every strategy type it is prepared for: the
/// dispatch test's witness.
private struct IDWorkload: CoreWorkload {
  final class Seen { var ids: [String] = [] }
  let seen = Seen()

  func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    seen.ids.append(S.id)
    return PreparedCase(run: { _ in })
  }
}
