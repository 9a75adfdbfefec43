import Testing

@testable import ObservationCore

/// `IdentifiedStorage`, the buffer of rows an `IdentifiedArray` allocates,
/// grows, lends and frees itself: rows that hold references must come through
/// growth, removals that move the last slot, a removal by assigning `nil`
/// through the lending cell and copy-on-write with their values intact and
/// each reference released exactly once (ASan and the live counts below see
/// any slip).
@Suite("Identified storage")
struct IdentifiedStorageTests {
  /// Counts the boxes alive, so that a leaked or doubly released row shows.
  final class Life {
    var alive = 0
  }

  /// A reference a row holds: counted alive from `init` to `deinit`.
  final class Box {
    let life: Life
    let value: Int

    init(_ value: Int, life: Life) {
      self.life = life
      self.value = value
      life.alive += 1
    }

    deinit { life.alive -= 1 }
  }

  /// A row holding references beyond its registrar: a box and a string too
  /// long to be stored inline.
  struct Row: ObservableState, Identifiable {
    typealias Strategy = LockThreadKeyPath
    let _$registrar = LockThreadKeyPath.Registrar()
    let id: Int
    var box: Box
    var tag: String

    init(id: Int, life: Life) {
      self.id = id
      box = Box(id, life: life)
      tag = "row \(id) with a tag too long to be stored inline"
    }
  }

  private func rows(_ ids: Range<Int>, life: Life) -> IdentifiedArray<Row> {
    var array = IdentifiedArray<Row>()
    for id in ids { array.append(Row(id: id, life: life)) }
    return array
  }

  @Test
  func append_whenPastCapacity_movesEveryRowToTheGrownBuffer() {
    let life = Life()
    do {
      var array = IdentifiedArray<Row>()
      #expect(array._storage.capacity == 0)
      var capacities: Set<Int> = []
      for id in 0..<100 {
        array.append(Row(id: id, life: life))
        capacities.insert(array._storage.capacity)
      }
      #expect(capacities.count > 3)
      #expect(array._storage.count == 100)
      #expect(array._storage.capacity >= 100)
      #expect(life.alive == 100)
      #expect(array.ids == Array(0..<100))
      #expect(array.elements.map(\.box.value) == Array(0..<100))
      for id in 0..<100 {
        #expect(array[id: id]?.box.value == id)
        #expect(
          array._storage.rowAddress(id, near: .max)?.row.pointee.tag
            == "row \(id) with a tag too long to be stored inline")
      }
    }
    #expect(life.alive == 0)
  }

  @Test
  func removeID_whenTheRowIsNotLast_movesTheLastRowIntoItsSlot() {
    let life = Life()
    do {
      var array = rows(0..<10, life: life)
      let slot = array._storage.slots[3]!
      let removed = array.remove(id: 3)
      #expect(removed?.box.value == 3)
      #expect(array._storage.slots[9] == slot)
      #expect(array._storage.rowAddress(9, near: slot)?.slot == slot)
      #expect(array.ids == [0, 1, 2, 4, 5, 6, 7, 8, 9])
      #expect(array.map(\.box.value) == [0, 1, 2, 4, 5, 6, 7, 8, 9])
      #expect(life.alive == 10)
      _ = consume removed
      #expect(life.alive == 9)
      array.removeAll { $0.id.isMultiple(of: 2) }
      #expect(array.ids == [1, 5, 7, 9])
      #expect(array.map(\.box.value) == [1, 5, 7, 9])
      #expect(array._storage.count == 4)
      #expect(life.alive == 4)
    }
    #expect(life.alive == 0)
  }

  @Test
  func subscriptID_whenAssignedNil_removesTheRowAndFillsItsSlot() {
    let life = Life()
    do {
      var array = rows(0..<6, life: life)
      array[id: 2]?.tag = "changed in the cell"
      #expect(array[id: 2]?.tag == "changed in the cell")
      #expect(life.alive == 6)
      array[id: 2] = nil
      #expect(array.ids == [0, 1, 3, 4, 5])
      #expect(array[id: 2] == nil)
      #expect(life.alive == 5)
      // The last slot, 5, moved into the hole: still updated in place.
      array[id: 5]?.box = Box(50, life: life)
      #expect(array[id: 5]?.box.value == 50)
      // A removal of the last slot moves nothing.
      array[id: 5] = nil
      #expect(array.ids == [0, 1, 3, 4])
      #expect(array.map(\.box.value) == [0, 1, 3, 4])
      #expect(life.alive == 4)
      // A missing id assigned a row appends it.
      array[id: 8] = Row(id: 8, life: life)
      #expect(array.ids == [0, 1, 3, 4, 8])
      #expect(life.alive == 5)
    }
    #expect(life.alive == 0)
  }

  @Test
  func subscriptID_whenSharedWhileARowAddressIsTaken_copiesAndLeavesTheAddressedRow() {
    let life = Life()
    do {
      var array = rows(0..<8, life: life)
      let shared = array
      let storage = shared._storage
      let slot = storage.slots[4]!
      let address = storage.rowAddress(4, near: slot)
      #expect(address?.slot == slot)
      // Written through the collection, which shares the storage: a copy is
      // made first, and the address into the shared one stays good.
      array[id: 4]?.box = Box(40, life: life)
      array[id: 4]?.tag = "changed"
      #expect(array._storage !== storage)
      #expect(address?.row.pointee.box.value == 4)
      #expect(address?.row.pointee.tag == "row 4 with a tag too long to be stored inline")
      #expect(shared[id: 4]?.box.value == 4)
      #expect(array[id: 4]?.box.value == 40)
      #expect(life.alive == 9)
      // The row store's reads, on the shared storage.
      var last = shared[id: 4]!
      let found = withUnsafeMutablePointer(to: &last) { storage.refreshRow(4, near: slot, into: $0) }
      #expect(found == slot)
      #expect(storage.findRow(4, near: .max, identity: last._$identity) == slot)
      #expect(storage.findRow(4, near: slot, identity: array[id: 4]!._$identity) == slot)
      // Replaced in the copy: same id, another identity.
      array[id: 4] = Row(id: 4, life: life)
      #expect(storage.findRow(4, near: slot, identity: array[id: 4]!._$identity) == nil)
      #expect(array._storage.findRow(4, near: slot, identity: array[id: 4]!._$identity) == slot)
      #expect(life.alive == 9)
      array.remove(id: 0)
      #expect(shared.ids == Array(0..<8))
      #expect(array.ids == Array(1..<8))
      #expect(life.alive == 9)
    }
    #expect(life.alive == 0)
  }
}
