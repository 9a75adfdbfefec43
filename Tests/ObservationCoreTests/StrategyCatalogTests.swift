import ObservationCore
import Testing

@Suite("Strategy catalog")
struct StrategyCatalogTests {
  @Test func ids_coverTheMatrixInOrder() {
    #expect(
      StrategyCatalog.ids == [
        "lock-thread-keypath", "lock-thread-whole", "lock-task-keypath", "lock-task-whole",
        "actor-thread-keypath", "actor-thread-whole", "actor-task-keypath", "actor-task-whole",
      ])
  }

  @Test func lookup_findsEachIdAndRejectsOthers() {
    for id in StrategyCatalog.ids {
      #expect(StrategyCatalog.strategy(withID: id)?.id == id)
    }
    #expect(StrategyCatalog.strategy(withID: "apple") == nil)
  }

  @Test func keyPathMask_givesEachFieldABitAndSharesTheLast() {
    #expect(KeyPathInvalidation.mask(for: 0) == 1)
    #expect(KeyPathInvalidation.mask(for: 5) == 32)
    #expect(KeyPathInvalidation.mask(for: 63) == 1 << 63)
    #expect(KeyPathInvalidation.mask(for: 200) == 1 << 63)
    #expect(WholeInvalidation.mask(for: 0) == WholeInvalidation.mask(for: 40))
  }
}

@Suite("Strategy capabilities")
struct StrategyCapabilityTests {
  @Test func capabilities_comeFromTheStrategysTypes() {
    #expect(LockThreadKeyPath.capabilities == [.usableFromAnyThread, .perField])
    #expect(ActorTaskWhole.capabilities == [.needsObservationActor, .asyncTracking])
    #expect(
      IdentitySkipping<LockTaskKeyPath>.capabilities == [
        .usableFromAnyThread, .asyncTracking, .perField, .identitySkipping,
      ])
    #expect(
      UntrackedChecking<ActorThreadKeyPath>.capabilities == [.needsObservationActor, .perField, .untrackedChecking])
  }

  @Test func catalog_listsTheMatrixFirst_thenItsRefinements_eachRoleInItsPlace() {
    let roles = StrategyCatalog.entries.map(\.role)
    #expect(
      roles == Array(repeating: .matrix, count: 8) + Array(repeating: .refinement, count: 4)
        + Array(repeating: .checked, count: 4) + [.storeFloor])
    #expect(StrategyCatalog.variants.isEmpty)
    #expect(
      StrategyCatalog.refinements.map { $0.id }
        == StrategyCatalog.entries.filter { $0.capabilities.contains(.identitySkipping) && $0.role != .storeFloor }
        .map(\.id))
    #expect(StrategyCatalog.entries.last?.id == "store-floor")
    #expect(StrategyCatalog.checked.allSatisfy { $0.capabilities.contains(.untrackedChecking) })
    #expect(Set(StrategyCatalog.entries.map(\.id)).count == StrategyCatalog.entries.count, "ids are unique")
  }

  @Test func testLists_selectByCapability_andTakeTheAddedStrategy() {
    let anyThread = StrategyCase.anyThread.map { $0.type.id }
    #expect(
      anyThread == [
        "lock-thread-keypath", "lock-thread-whole", "lock-task-keypath", "lock-task-whole", "lock-thread-mirrored",
      ])
    #expect(
      StrategyCase.onActor.map { $0.type.id } == [
        "actor-thread-keypath", "actor-thread-whole", "actor-task-keypath", "actor-task-whole",
      ])
    #expect(StrategyCase.all.map { $0.type.id } == StrategyCatalog.ids + ["lock-thread-mirrored"])
    #expect(StrategyCase.thread.map { $0.type.id }.contains("lock-thread-mirrored"))
    #expect(!StrategyCase.task.map { $0.type.id }.contains("lock-thread-mirrored"))
  }
}
