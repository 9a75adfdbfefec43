extension IdentifiedArray {
  /// Appends `element`, or replaces the row with its id in place.
  public mutating func append(_ element: Element) {
    insert(element, at: _storage.ids.count)
  }

  /// Inserts `element` at `index` of the order. A row with the same id is
  /// replaced in place instead (its observers notified if the identity differs).
  public mutating func insert(_ element: Element, at index: Int) {
    makeUnique()
    let storage = _storage
    if let slot = storage.slots[element.id] {
      let old = storage[slot: slot]
      if old._$identity != element._$identity { old.didReplace() }
      storage[slot: slot] = element
      return
    }
    storage.ids.insert(element.id, at: Swift.min(Swift.max(index, 0), storage.ids.count))
    storage.slots.set(element.id, slot: storage.count)
    storage.append(element)
    didSet(Self.structure)
  }

  /// Removes the row with `id`; its observers are notified as of a replacement.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let slot = _storage.slots[id] else { return nil }
    let removed = removeSlot(of: id, at: slot)
    // Unique since `removeSlot`.
    _storage.ids.remove(at: _storage.ids.firstIndex(of: id)!)
    removed.didReplace()
    didSet(Self.structure)
    return removed
  }

  /// Moves the row with `id` to `index` of the order (clamped to the ends).
  public mutating func move(id: ID, to index: Int) {
    guard let from = _storage.ids.firstIndex(of: id) else { return }
    makeUnique()
    let storage = _storage
    storage.ids.remove(at: from)
    let to = Swift.min(Swift.max(index, 0), storage.ids.count)
    storage.ids.insert(id, at: to)
    if from != to { didSet(Self.structure) }
  }

  /// Replaces the contents with `elements`, diffing by id: rows that keep their id
  /// and identity are untouched, rows that keep their id with another identity are
  /// replaced, missing rows are removed; the structure is noted only if the order
  /// of ids changed. Later duplicates of an id are dropped.
  ///
  /// Each id is hashed once: the hash finds the id among the old rows and
  /// places it among the new.
  ///
  /// - Complexity: O(n + m) for m rows before.
  public mutating func replaceAll(with elements: some Sequence<Element>) {
    let old = _storage
    let new = IdentifiedStorage<Element>()
    let capacity = elements.underestimatedCount
    new.ids.reserveCapacity(capacity)
    new.reserveCapacity(capacity)
    new.slots = SlotIndex(capacity: capacity)
    // The old rows kept (same id, same identity), by slot: on the stack unless
    // there are many. Sound: the buffer is used inside its closure only.
    withUnsafeTemporaryAllocation(of: Bool.self, capacity: old.count) { kept in
      kept.initialize(repeating: false)
      for element in elements {
        let id = element.id
        let hash = SlotIndex<ID>.hash(id)
        guard new.slots.insert(id, slot: new.count, hash: hash) else { continue }
        new.ids.append(id)
        new.append(element)
        // Compared where the old row is stored: a copy of it would retain and
        // release every reference it holds.
        if let slot = old.slots.find(id, hash: hash), Self.identity(of: old, slot) == element._$registrar.identity {
          kept[slot] = true
        }
      }
      for slot in 0..<old.count where !kept[slot] { old[slot: slot].didReplace() }
    }
    let structureChanged = new.ids != old.ids
    _storage = new
    if structureChanged { didSet(Self.structure) }
  }

  /// Reorders the rows to `ids`: a listed id's row keeps its state and
  /// identity, a listed id with no row gets `missing(id)`, and the rows of
  /// ids not listed are removed (their observers notified as of a
  /// replacement); the structure is noted only if the order of ids changed.
  /// Later duplicates of an id are dropped. What a sort, a filter or a
  /// reorder by ids computes, without a copy of the rows first.
  ///
  /// Each id is hashed once. When the collection holds its storage alone, it
  /// is changed in place (``replaceAllInPlace(ids:missing:)``): kept rows stay
  /// in their slots, untouched.
  ///
  /// - Complexity: O(n + m) for m rows before.
  @inlinable
  public mutating func replaceAll(ids: some Sequence<ID>, missing: (ID) -> Element) {
    guard !isKnownUniquelyReferenced(&_storage) else {
      replaceAllInPlace(ids: ids, missing: missing)
      return
    }
    let old = _storage
    let new = IdentifiedStorage<Element>()
    let capacity = ids.underestimatedCount
    new.ids.reserveCapacity(capacity)
    new.reserveCapacity(capacity)
    new.slots = SlotIndex(capacity: capacity)
    // Sound: the buffer is used inside its closure only.
    withUnsafeTemporaryAllocation(of: Bool.self, capacity: old.count) { kept in
      kept.initialize(repeating: false)
      for id in ids {
        let hash = SlotIndex<ID>.hash(id)
        guard new.slots.insert(id, slot: new.count, hash: hash) else { continue }
        new.ids.append(id)
        if let slot = old.slots.find(id, hash: hash) {
          new.append(old[slot: slot])
          kept[slot] = true
        } else {
          new.append(missing(id))
        }
      }
      for slot in 0..<old.count where !kept[slot] { old[slot: slot].didReplace() }
    }
    let structureChanged = new.ids != old.ids
    _storage = new
    if structureChanged { didSet(Self.structure) }
  }

  /// The identity of the row in `slot` of `storage`, its registrar loaded
  /// unretained.
  @inlinable @inline(__always)
  static func identity(of storage: IdentifiedStorage<Element>, _ slot: Int) -> UInt64 {
    // Sound: the row holds its registrar, and nothing writes the row meanwhile.
    Unmanaged.passUnretained(storage[slot: slot]._$registrar)._withUnsafeGuaranteedRef { $0.identity }
  }
}
