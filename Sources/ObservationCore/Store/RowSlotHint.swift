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
}
