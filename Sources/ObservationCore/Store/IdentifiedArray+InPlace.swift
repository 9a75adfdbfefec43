extension IdentifiedArray {
  /// `replaceAll(ids:missing:)` on a storage this collection holds alone:
  /// each listed id is looked up once and its row, when there is one, stays in
  /// its slot; a missing row takes a new slot; the rows not listed are
  /// removed, the last slot moved into each hole. Only the ids are written
  /// anew, and the slots found on the way are kept as the storage's order
  /// (`IdentifiedStorage.order`), so that the next sort or `removeAll(where:)`
  /// looks no id up.
  ///
  /// Building a new storage instead moved every kept row into new buffers and
  /// destroyed the old ones in the storage's deinit, a generic class's,
  /// through the row type's value witnesses: about 60 instructions a row, the
  /// most of a `removeAll(where:)` of 1 000 rows with nothing observed.
  @inlinable
  mutating func replaceAllInPlace(ids: some Sequence<ID>, missing: (ID) -> Element) {
    let storage = _storage
    let before = storage.count
    var listed: [ID] = []
    var order: [Int] = []
    let expected = Swift.max(ids.underestimatedCount, storage.ids.count)
    listed.reserveCapacity(expected)
    order.reserveCapacity(expected)
    var keptCount = 0
    // Sound: the buffer is used inside its closure only.
    withUnsafeTemporaryAllocation(of: Bool.self, capacity: before) { kept in
      kept.initialize(repeating: false)
      for id in ids {
        let hash = SlotIndex<ID>.hash(id)
        if let slot = storage.slots.find(id, hash: hash) {
          // A slot past the old rows was taken by this call: a later duplicate.
          guard slot < before, !kept[slot] else { continue }
          kept[slot] = true
          keptCount &+= 1
          order.append(slot)
        } else {
          order.append(storage.count)
          storage.slots.insert(id, slot: storage.count, hash: hash)
          storage.append(missing(id))
        }
        listed.append(id)
      }
      if keptCount < before { Self.removeRows(of: storage, notKept: kept, order: &order) }
    }
    guard listed != storage.ids else {
      storage.order = order
      return
    }
    storage.ids = listed
    storage.order = order
    didSet(Self.structure)
  }

  /// `removeAll(where:)` on a storage this collection holds alone: each row
  /// is asked once, in the order of ids, where it is stored; the rows removed
  /// leave their slots as `replaceAllInPlace(ids:missing:)` removes them, and
  /// no id is hashed but those of the rows removed and of the rows moved into
  /// their holes. The kept slots stay the storage's order.
  ///
  /// Through `replaceAll(ids:missing:)` (the kept ids listed, then each looked
  /// up again), a removal of 100 rows of 1 000 hashed all 1 000 ids once more.
  @inlinable
  mutating func removeAllInPlace(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    let storage = _storage
    let slots = Self.slotsInOrder(of: storage)
    let ids = storage.ids
    var listed: [ID] = []
    var order: [Int] = []
    listed.reserveCapacity(ids.count)
    order.reserveCapacity(ids.count)
    // Not a temporary allocation: the predicate throws, and a closure that
    // calls it could not be called from this `rethrows` function.
    let kept = UnsafeMutableBufferPointer<Bool>.allocate(capacity: storage.count)
    defer { kept.deallocate() }
    kept.initialize(repeating: false)
    // Nothing is written before every row was asked: a predicate that throws
    // leaves the collection as it was.
    for position in ids.indices {
      let slot = slots[position]
      if try shouldBeRemoved(storage[slot: slot]) { continue }
      kept[slot] = true
      listed.append(ids[position])
      order.append(slot)
    }
    guard listed.count < ids.count else { return }
    Self.removeRows(of: storage, notKept: kept, order: &order)
    storage.ids = listed
    storage.order = order
    didSet(Self.structure)
  }

  /// Removes the rows of `storage` in the slots below `kept.count` that
  /// `kept` does not mark, from the last down, so that the row moved into each
  /// hole is one kept (or added past `kept.count`), never one still to
  /// remove; each removed row is noted as replaced. `order`, the slots of the
  /// rows that stay in the order of their ids, follows each row moved.
  @inlinable
  static func removeRows(
    of storage: IdentifiedStorage<Element>, notKept kept: UnsafeMutableBufferPointer<Bool>, order: inout [Int]
  ) {
    // Sound: the buffer is used inside its closure only, and read only at
    // the slots of rows that stay, each written first from `order`.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: storage.count) { position in
      for (at, slot) in order.enumerated() { position[slot] = at }
      for slot in stride(from: kept.count - 1, through: 0, by: -1) where !kept[slot] {
        storage[slot: slot].didReplace()
        // The id the row is stored under, which only a search finds for a
        // row stored under another one (`rows[id: a] = rowWithIDb`).
        var id = storage[slot: slot].id
        if storage.slots[id] != slot { id = storage.slots.id(ofSlot: slot)! }
        let last = storage.count &- 1
        storage.removeRow(of: id, at: slot)
        guard slot != last else { continue }
        let at = position[last]
        order[at] = slot
        position[slot] = at
      }
    }
  }
}
