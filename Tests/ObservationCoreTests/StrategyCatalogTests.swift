import ObservationCore
import Testing

@Suite("Strategy catalog")
struct StrategyCatalogTests {
  @Test func ids_coverTheMatrixInOrder() {
    #expect(StrategyCatalog.ids == [
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
