import CObservationSupport
import Synchronization

/// Where a row store's row was found last in its collection's slots: what lets
/// its reads skip the lookup by id (`IdentifiedArray.rowAddress(_:in:near:)`).
///
/// A class, because the row's projection (a closure made once, when the store is
/// scoped) updates it. Written under the tree's guard; an atomic because a row's
/// send reads it without (`publish()`). Relaxed loads and stores are plain moves.
@usableFromInline
final class RowSlotHint {
  @usableFromInline let slot = Atomic<Int>(.max)

  @usableFromInline
  init() {}

  /// The slot the row was found in last, or `.max`.
  @inlinable @inline(__always)
  var last: Int { slot.load(ordering: .relaxed) }

  /// Whether the row was found (`found` is its slot), remembering the slot.
  @inlinable @inline(__always)
  func found(_ found: Int?) -> Bool {
    guard let found else { return false }
    slot.store(found, ordering: .relaxed)
    return true
  }

  /// Tells `IdentifiedArray.slot(of:)` on this thread where the row was found
  /// last: what a row's send does before its action reaches the reducer.
  @inlinable @inline(__always)
  func publish() {
    obs_thread_row_slot_set(slot.load(ordering: .relaxed))
  }
}
