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
        == ["untracked", "tracked", "tracked-properties", "tracked-objects", "store-member", "render-body", "store-after-send"])
    #expect(
      names["mutations"]
        == [
          "no-observers", "observed", "observed-other-keypath", "equal-value", "store-send", "store-send-observed",
          "render-mutate", "observed-rearm", "store-send-rearm", "observed-stream",
        ])
    #expect(names["collections"] == ["update-row", "insert", "remove", "move", "replace-all"])
    #expect(names["nesting"] == ["leaf-write", "leaf-read-tracked", "sibling-write"])
    #expect(
      names["scopes"]
        == [
          "empty", "track-fire", "track-many-fire", "never-fires", "never-fires-pileup", "lazy-rows",
          "lazy-rows-per-row-scope",
        ])
    #expect(names["contention"] == ["object", "store", "actor-hop"])
  }

  @Test func everyScenario_saysWhatOneOperationIs_andRunsAppleWhereItRunsTheMatrix() {
    for suite in ScenarioCase.suites {
      #expect(suite.isDefault)
      for scenario in suite.scenarios {
        #expect(!scenario.summary.isEmpty && !scenario.summary.contains("\n"))
        #expect(scenario.quickSizes.allSatisfy { $0 <= scenario.sizes.last! })
        if scenario.strategies.contains("lock-thread-keypath") {
          #expect(scenario.strategies.contains("apple"), "\(suite.name)/\(scenario.name) has no apple row")
        }
      }
    }
  }

  @Test func coreDispatch_namesEveryCatalogueStrategy() {
    let catalogue = (StrategyCatalog.all + StrategyCatalog.refinements).map { $0.id }
    #expect(Set(CoreWorkloadIDs.all) == Set(catalogue))
    #expect(CoreWorkloadIDs.all.count == catalogue.count)
  }
}
