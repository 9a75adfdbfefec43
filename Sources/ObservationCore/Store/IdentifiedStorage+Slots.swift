extension IdentifiedStorage {
  /// Whether the row in `slot` has `id`; false for a slot out of range (a
  /// negative one included), so that any remembered slot may be asked.
  @inlinable @inline(__always)
  func holds(_ id: Element.ID, at slot: Int) -> Bool {
    // One comparison for both ends: a negative slot is a large unsigned one.
    UInt(bitPattern: slot) < UInt(bitPattern: count) && self[slot: slot].id == id
  }

  /// Moves the row in `slot` into the lending cell, as an `Element?`, and
  /// returns the cell: what `IdentifiedArray.subscript(id:)` yields, so that
  /// its frame holds no row and assigning `nil` through it can remove one.
  /// ``takeBack(_:)`` ends the lend. Only on a unique storage.
  ///
  /// `slot` is left uninitialised meanwhile, which nothing sees: the storage
  /// is unique and its collection under the yielding accessor's exclusive
  /// access; a store's observers, who could read a row, are notified once its
  /// send returned.
  @inlinable
  func lend(_ slot: Int) -> UnsafeMutablePointer<Element?> {
    let cell = lendingCell ?? makeLendingCell()
    // Sound: `slot` is below `count`, an initialised row, moved (bitwise, no
    // retain) into the cell, which holds nothing between lends.
    cell.initialize(to: (rows + slot).move())
    return cell
  }

  /// Moves the lent row back into `slot`, or returns false if the borrower
  /// left `nil` in its place, `slot` still uninitialised (``closeHole(of:at:)``
  /// then removes it).
  @inlinable
  func takeBack(_ slot: Int) -> Bool {
    // Sound: `lend(_:)` made the cell and initialised it; moved out, it holds
    // nothing again, and its row fills the slot the lend left uninitialised.
    guard let row = lendingCell.unsafelyUnwrapped.move() else { return false }
    (rows + slot).initialize(to: row)
    return true
  }

  /// The lending cell, made at the first lend: one allocation per storage
  /// ever lent from, not one per lend.
  @usableFromInline
  func makeLendingCell() -> UnsafeMutablePointer<Element?> {
    // Sound: freed in `deinit`, and left uninitialised between lends.
    let cell = UnsafeMutablePointer<Element?>.allocate(capacity: 1)
    lendingCell = cell
    return cell
  }

  /// Removes and returns the row of `id` in `slot`, moving the last row into
  /// its slot; the caller keeps the order of ids. Only on a unique storage.
  @inlinable
  @discardableResult
  func removeRow(of id: Element.ID, at slot: Int) -> Element {
    // Sound: `slot` is below `count`, an initialised row, moved out; the hole
    // it leaves is closed at once.
    let removed = (rows + slot).move()
    closeHole(of: id, at: slot)
    return removed
  }

  /// Forgets `id`, whose row has left `slot` uninitialised, and fills the hole
  /// with the last row, so that the rows stay `0..<count`. Only on a unique
  /// storage.
  @inlinable
  func closeHole(of id: Element.ID, at slot: Int) {
    slots.remove(id)
    let last = count &- 1
    count = last
    guard slot != last else { return }
    // Sound: `last` was the last initialised row; moved (bitwise) into the
    // hole, it leaves `last` uninitialised, past the new `count`.
    (rows + slot).moveInitialize(from: rows + last, count: 1)
    // The moved row is found by its own id, unless it was stored under another
    // one (`rows[id: a] = rowWithIDb`), which only a search finds.
    var moved = self[slot: slot].id
    if slots[moved] != last { moved = slots.id(ofSlot: last)! }
    slots.set(moved, slot: slot)
  }
}
