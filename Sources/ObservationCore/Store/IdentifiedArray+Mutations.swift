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
      let old = storage.rows[slot].unsafelyUnwrapped
      if old._$identity != element._$identity { old.didReplace() }
      storage.rows[slot] = element
      return
    }
    storage.ids.insert(element.id, at: min(max(index, 0), storage.ids.count))
    storage.slots[element.id] = storage.rows.count
    storage.rows.append(element)
    didSet(Self.structure)
  }

  /// Removes the row with `id`; its observers are notified as of a replacement.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let slot = _storage.slots[id] else { return nil }
    let removed = _storage.rows[slot].unsafelyUnwrapped
    removeSlot(of: id, at: slot)
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
    let to = min(max(index, 0), storage.ids.count)
    storage.ids.insert(id, at: to)
    if from != to { didSet(Self.structure) }
  }

  /// Replaces the contents with `elements`, diffing by id: rows that keep their id
  /// and identity are untouched, rows that keep their id with another identity are
  /// replaced, missing rows are removed; the structure is noted only if the order
  /// of ids changed.
  ///
  /// - Complexity: O(n).
  public mutating func replaceAll(with elements: some Sequence<Element>) {
    let new = IdentifiedArray(elements)
    let storage = _storage
    for (id, slot) in storage.slots {
      let old = storage.rows[slot].unsafelyUnwrapped
      if let replacement = new[id: id], replacement._$identity == old._$identity { continue }
      old.didReplace()
    }
    let structureChanged = new._storage.ids != storage.ids
    _storage = new._storage
    if structureChanged { didSet(Self.structure) }
  }
}
