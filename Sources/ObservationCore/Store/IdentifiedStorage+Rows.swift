extension IdentifiedStorage where Element: ObservableState {
  /// Where the row with `id` is stored, and its slot: `hint` if the row there
  /// has `id`, else looked up by id. Valid while the storage is neither
  /// written nor freed: used within the caller's expression, while the
  /// collection it came from holds it.
  ///
  /// A row keeps its slot from one read to the next unless a removal moved it,
  /// so a row store that remembers the slot (`RowSource.slot`) reads its row with
  /// a comparison of ids and no hashing. The slot is returned rather than
  /// remembered here: a write to memory the optimiser cannot see through (an
  /// atomic, a thread-local) would make it retain the storage across the write.
  @inlinable
  func rowAddress(_ id: Element.ID, near hint: Int) -> (row: UnsafePointer<Element>, slot: Int)? {
    // Sound: a slot `holds` checked or the index holds is below `count`, an
    // initialised row of the buffer, which stays put while the storage is
    // neither written nor freed.
    if holds(id, at: hint) { return (UnsafePointer(rows + hint), hint) }
    guard let slot = slots[id] else { return nil }
    return (UnsafePointer(rows + slot), slot)
  }

  /// Copies the row with `id` into `last` if it has the identity of the row in
  /// `last`, and returns its slot; `nil`, copying nothing, if there is no such
  /// row or it was replaced. Found as `rowAddress(_:near:)` finds it, and a
  /// read of neither the structure nor the row: what a row store's read calls.
  @inlinable
  func refreshRow(_ id: Element.ID, near hint: Int, into last: UnsafeMutablePointer<Element>) -> Int? {
    // Sound: `row` is read within this call, which writes only `last`, the
    // row store's own memory, never the storage.
    guard let (row, slot) = rowAddress(id, near: hint), row.pointee._$identity == last.pointee._$identity
    else { return nil }
    last.pointee = row.pointee
    return slot
  }

  /// The slot of the row with `id` if it has `identity`, found as
  /// `rowAddress(_:near:)` finds it: what a row store's send checks, copying
  /// nothing.
  @inlinable
  func findRow(_ id: Element.ID, near hint: Int, identity: StateIdentity) -> Int? {
    // Sound: `row` is read within this call, which writes nothing.
    guard let (row, slot) = rowAddress(id, near: hint), row.pointee._$identity == identity else { return nil }
    return slot
  }
}
