extension IdentifiedArray {
  /// `replaceAll(ids:missing:)` on a storage this collection holds alone:
  /// each listed id is looked up once and its row, when there is one, stays in
  /// its slot; a missing row takes a new slot; the rows not listed are
  /// removed, the last slot moved into each hole. Only the ids are written
  /// anew.
  ///
  /// Building a new storage instead moved every kept row into new buffers and
  /// destroyed the old ones in the storage's deinit, a generic class's,
  /// through the row type's value witnesses: about 60 instructions a row, the
  /// most of a `removeAll(where:)` of 1 000 rows with nothing observed.
  ///
  /// Where it removes no row (a reorder, rows put back), the slots it found
  /// become the storage's kept order (`IdentifiedStorage.order`), so that the
  /// next sort or `removeAll(where:)` looks no id up; they are noted on the
  /// stack, for a few rows, and copied out only then. Following them through a
  /// removal's moves cost a replacement of every row more than it saved.
  ///
  /// While the storage keeps an order, the ids given are walked beside the
  /// ids it has: an id that is the next one it has takes that id's kept slot
  /// without a lookup. Rows put back among the rows that stayed (an undo, a
  /// filter lifted) then hash only the ids that come back; at 10 000 rows a
  /// lookup is a probe into a table of 160 kB, likely a cache miss.
  @inlinable
  mutating func replaceAllInPlace(ids: some Sequence<ID>, missing: (ID) -> Element) {
    let storage = _storage
    let before = storage.count
    // The ids as given become the order, unless one repeats: then they are
    // listed again without the repeats. An array passed in is taken as it is
    // (its buffer shared, nothing appended per row: an append cost about 30
    // instructions a row).
    let given = Array(ids)
    let expected = given.count
    var duplicates = false
    var order: [Int] = []
    // The ids and slots walked beside `given`: those of a kept order only
    // (`slotsInOrder(of:)`'s condition), else none.
    let keptOrder = storage.order.count == storage.ids.count ? storage.order : []
    let keptIDs = keptOrder.isEmpty ? [] : storage.ids
    // Sound: the buffers are used inside their closures only, and the slots
    // read back are the first `noted` written; `next` stays below the kept
    // ids' count, which is the kept slots' count.
    withUnsafeTemporaryAllocation(of: Bool.self, capacity: before) { kept in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: expected) { found in
        kept.initialize(repeating: false)
        var keptCount = 0
        var noted = 0
        var next = 0
        var walked = keptIDs.count
        var misses = 0
        for id in given {
          if next < walked {
            if keptIDs[next] == id {
              // The next id the storage has: its slot is in the kept order.
              // Distinct ids, each walked once, so only a repeat of an id
              // found by lookup earlier can meet a kept slot.
              misses = 0
              let old = keptOrder[next]
              next &+= 1
              guard !kept[old] else {
                duplicates = true
                continue
              }
              kept[old] = true
              keptCount &+= 1
              found[noted] = old
              noted &+= 1
              continue
            }
            // An order the walk does not follow (a sort, a shuffle) stops it:
            // a compare per id that never matches is all it would add.
            misses &+= 1
            if misses > 8 { walked = 0 }
          }
          let slot: Int
          let hash = SlotIndex<ID>.hash(id)
          if let old = storage.slots.find(id, hash: hash) {
            // A slot past the old rows was taken by this call: a later duplicate.
            guard old < before, !kept[old] else {
              duplicates = true
              continue
            }
            kept[old] = true
            keptCount &+= 1
            slot = old
          } else {
            slot = storage.count
            storage.slots.insert(id, slot: slot, hash: hash)
            storage.append(missing(id))
          }
          found[noted] = slot
          noted &+= 1
        }
        if keptCount < before {
          var noOrder: [Int] = []
          Self.removeRows(of: storage, notKept: kept, order: &noOrder)
        } else {
          order = Array(found[..<noted])
        }
      }
    }
    let listed = duplicates ? Self.withoutRepeats(given) : given
    if listed != storage.ids {
      storage.ids = listed
      didSet(Self.structure)
    }
    storage.order = order
  }

  /// `ids` with every id after its first occurrence dropped: the order of a
  /// `replaceAll(ids:missing:)` given an id twice.
  @usableFromInline
  static func withoutRepeats(_ ids: [ID]) -> [ID] {
    var seen = Set<ID>()
    return ids.filter { seen.insert($0).inserted }
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
    let count = ids.count
    // Not a temporary allocation: the predicate throws, and a closure that
    // calls it could not be called from this `rethrows` function.
    let kept = UnsafeMutableBufferPointer<Bool>.allocate(capacity: storage.count)
    defer { kept.deallocate() }
    kept.initialize(repeating: false)
    // The kept ids and their slots written where the arrays will hold them,
    // not appended: an append checks capacity and uniqueness and goes
    // through memory, about 35 instructions a row of 1 000 more.
    var order: [Int] = []
    // Nothing is written before every row was asked: a predicate that throws
    // leaves the collection as it was.
    //
    // Sound: the buffers are used inside their closures only; `listedCount`
    // counts the ids initialised, kept current for a predicate that throws.
    let listed = try [ID](unsafeUninitializedCapacity: count) { listed, listedCount in
      order = try [Int](unsafeUninitializedCapacity: count) { order, orderCount in
        try ids.withUnsafeBufferPointer { ids in
          try slots.withUnsafeBufferPointer { slots in
            var position = 0
            while position < count {
              let slot = slots[position]
              if try !shouldBeRemoved(storage[slot: slot]) {
                kept[slot] = true
                (listed.baseAddress.unsafelyUnwrapped + listedCount).initialize(to: ids[position])
                order[listedCount] = slot
                listedCount &+= 1
              }
              position &+= 1
            }
          }
        }
        orderCount = listedCount
      }
    }
    guard listed.count < count else { return }
    Self.removeRows(of: storage, notKept: kept, order: &order)
    storage.ids = listed
    storage.order = order
    didSet(Self.structure)
  }

  /// Removes the rows of `storage` in the slots below `kept.count` that
  /// `kept` does not mark, from the last down, so that the row moved into each
  /// hole is one kept (or added past `kept.count`), never one still to
  /// remove; each removed row is noted as replaced. `order`, the slots of the
  /// rows that stay in the order of their ids, follows each row moved, unless
  /// it is empty (no order kept).
  @inlinable @inline(__always)
  static func removeRows(
    of storage: IdentifiedStorage<Element>, notKept kept: UnsafeMutableBufferPointer<Bool>, order: inout [Int]
  ) {
    // Sound: the buffer is used inside its closure only, and read only at
    // the slots of rows that stay, each written first from `order`.
    let following = !order.isEmpty
    withUnsafeTemporaryAllocation(of: Int.self, capacity: following ? storage.count : 0) { position in
      for (at, slot) in order.enumerated() { position[slot] = at }
      for slot in stride(from: kept.count - 1, through: 0, by: -1) where !kept[slot] {
        storage[slot: slot].didReplace()
        // The id the row is stored under, which only a search finds for a
        // row stored under another one (`rows[id: a] = rowWithIDb`).
        var id = storage[slot: slot].id
        if storage.slots[id] != slot { id = storage.slots.id(ofSlot: slot)! }
        let last = storage.count &- 1
        storage.removeRow(of: id, at: slot)
        guard following, slot != last else { continue }
        let at = position[last]
        order[at] = slot
        position[slot] = at
      }
    }
  }
}
