/// The ids, rows and slots of an ``IdentifiedArray``, in one object.
///
/// One object rather than three collections side by side: a row store's every
/// read copies the collection out of its parent state, and a copy retains and
/// releases each reference it holds. Shared by copies of the collection and
/// copied before a write unless unique (`IdentifiedArray.makeUnique()`), so the
/// collection keeps value semantics.
///
/// Its properties are not checked for exclusivity at run time: a shared storage
/// is only read, and a unique one is reached only through the one collection
/// that holds it, whose own accesses the compiler checks.
@usableFromInline
final class IdentifiedStorage<Element: Identifiable> {
  /// The ids in order. Any write lets go of the kept ``order``: it held the
  /// slots of the ids as they were.
  @exclusivity(unchecked) @usableFromInline var ids: [Element.ID] = [] {
    didSet { if !order.isEmpty { order = [] } }
  }
  /// The rows, each in the slot `slots` gives its id. Never nil but while
  /// `IdentifiedArray.subscript(id:)` lends a slot out: optional so that a slot
  /// can be lent as the subscript's `Element?` in place.
  @exclusivity(unchecked) @usableFromInline var rows: ContiguousArray<Element?> = []
  /// The slot of each row in `rows`, by id.
  @exclusivity(unchecked) @usableFromInline var slots = SlotIndex<Element.ID>()
  /// The slots of the rows in the order of `ids` as the last sort left them,
  /// or empty: emptied by every write of `ids` (an insert, a removal, a move),
  /// so that while it is not empty it holds, and the next sort trusts it
  /// without checking it row by row (`IdentifiedArray.slotsInOrder(of:)`).
  /// A slot moves only with a write of `ids` (a removal fills its hole with
  /// the last slot). Written only once the storage is unique.
  @exclusivity(unchecked) @usableFromInline var order: [Int] = []

  @usableFromInline
  init() {}

  /// A storage holding what `other` holds (the collections share their buffers
  /// until one of them is written).
  @usableFromInline
  init(copying other: IdentifiedStorage) {
    ids = other.ids
    rows = other.rows
    slots = other.slots
    order = other.order
  }

  /// The memory of the row in `slot`, the rows' buffer made unique first.
  ///
  /// The pointer outlives the call that made it, which is sound while nothing
  /// else touches `rows`: the buffer is unique, and the caller holds exclusive
  /// access to the collection (hence to this unique storage) until it is done
  /// with the pointer.
  @inlinable
  func rowPointer(_ slot: Int) -> UnsafeMutablePointer<Element?> {
    rows.withUnsafeMutableBufferPointer { $0.baseAddress.unsafelyUnwrapped } + slot
  }
}
