import CoreModels
@testable import ObservationCore
import Testing

/// The store floor keeps everything a store does but observation: the same
/// reductions, scoping, rows and identities, with no read recorded, no
/// registrar watched and no observer run.
@Suite("Store floor")
struct StoreFloorTests {
  @Test func storeFloor_isTheLastEntry_withItsOwnRole_andNoObservation() {
    let entry = StrategyCatalog.entries.last
    #expect(entry?.id == "store-floor")
    #expect(entry?.role == .storeFloor)
    #expect(StoreFloor.skipsUnchangedIdentity)
    #expect(!StoreFloor.Scope.isRecording)
    #expect(StoreFloor.isFloor(StoreFloor.self))
    #expect(!StoreFloor.isFloor(LockThreadKeyPath.self))
  }

  @Test func send_reducesAsAnyStore_butNeverNotifies() {
    let store = StoreFloor.makeStore(rows: 3)
    let calls = Count()
    let token = StoreFloor.observe({ _ = store.count; _ = store.rows.ids }, onChange: { calls.bump() })
    let oneShot = watch(StoreFloor.self) { _ = store.child.count }
    store.send(.increment)
    store.send(.child(.increment))
    store.send(.insertRow(7))
    store.send(.removeRow(0))
    store.send(.sortRows(descending: true))
    #expect(store.count == 1)
    #expect(store.child.count == 1)
    #expect(store.rows.ids == [7, 2, 1])
    #expect(calls.value == 0)
    #expect(oneShot.value == 0)
    #expect(store.read { $0._$registrar.observationCount } == 0, "nothing was recorded, so nothing is watched")
    token.cancel()
  }

  @Test func rowStores_scopeSendAndEnd_asUnderAnyStrategy() {
    let store = StoreFloor.makeStore(rows: 2)
    let row = store.scope(
      row: 1, of: .locate(\.rows, AppState<StoreFloor>.rows(at:)), action: AppAction<StoreFloor>.row)
    #expect(row != nil)
    row?.send(.increment)
    #expect(store.rows[id: 1]?.value == 1)
    #expect(row?.value == 1)
    store.send(.removeRow(1))
    #expect(row?.isPresent == false, "a row store ends with its row")
  }

  @Test func tracking_returnsTheValue_andAnInertToken() {
    let tracking = StoreFloor.withTracking({ 42 }, onChange: { Issue.record("the store floor fired") })
    #expect(tracking.value == 42)
    tracking.token.cancel()
    var list = AccessList()
    let value = StoreFloor.Scope.collectReads(into: &list) { 7 }
    #expect(value == 7)
    #expect(list.count == 0)
  }
}
