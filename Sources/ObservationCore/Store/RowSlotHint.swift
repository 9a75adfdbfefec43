import CObservationSupport

/// Where a row store's row was found last in its collection's slots: what lets
/// its reads skip the lookup by id (`IdentifiedArray.rowAddress(_:in:hint:)`).
///
/// A class, because the row's projection (a closure made once, when the store is
/// scoped) updates it. Read and written only under the tree's guard, which already
/// makes each access exclusive: a dynamic check would only add its cost to every
/// read.
@usableFromInline
final class RowSlotHint {
  @exclusivity(unchecked) @usableFromInline var slot = Int.max

  @usableFromInline
  init() {}

  /// `found`, having told `IdentifiedArray.slot(of:)` on this thread where the
  /// row is when it was found: a reducer's update of the row whose store sent
  /// the action then compares an id instead of hashing it.
  ///
  /// Called once the store is done with the collection: a write to the
  /// thread's slot is, for the optimiser, a write to any memory, which would
  /// make it retain the collection's storage across it.
  @inlinable @inline(__always)
  func published(_ found: Bool) -> Bool {
    if found { obs_thread_row_slot_set(slot) }
    return found
  }
}
