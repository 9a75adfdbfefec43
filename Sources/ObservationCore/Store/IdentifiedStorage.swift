/// The ids, rows and slots of an ``IdentifiedArray``, in one object.
///
/// One object rather than three collections side by side: a row store's every
/// read copies the collection out of its parent state, and a copy retains and
/// releases each reference it holds. Shared by copies of the collection and
/// copied before a write unless unique (`IdentifiedArray.makeUnique()`), so the
/// collection keeps value semantics.
///
/// The rows sit in a buffer this object allocates, grows and frees itself, so
/// that the address of a row is the buffer's base plus its slot: it holds while
/// the storage is neither written nor freed, with no pointer let out of a
/// closure that lent it and no assumption about how an optional is laid out.
///
/// Its properties are not checked for exclusivity at run time: a shared storage
/// is only read, and a unique one is reached only through the one collection
/// that holds it, whose own accesses the compiler checks.
@usableFromInline
final class IdentifiedStorage<Element: Identifiable> {
  /// The ids in order. Any write lets go of the kept ``order``: it held the
  /// slots of the ids as they were.
  // Unchecked: see the type's note; every write is through a unique storage.
  @exclusivity(unchecked) @usableFromInline var ids: [Element.ID] = [] {
    didSet { if !order.isEmpty { order = [] } }
  }
  /// The rows: `count` of them initialised from here on, each in the slot
  /// `slots` gives its id, in room for `capacity`. A non-nil address of no
  /// allocation while `capacity` is 0, so that an empty storage allocates
  /// nothing: no row below a `count` of 0 is ever read, and only an allocated
  /// buffer is freed.
  // Unchecked: see the type's note; moved only by a growth, on a unique storage.
  @exclusivity(unchecked) @usableFromInline var rows: UnsafeMutablePointer<Element>
  /// The rows initialised from `rows` on: slots `0..<count`.
  // Unchecked: see the type's note; written only on a unique storage.
  @exclusivity(unchecked) @usableFromInline var count = 0
  /// The rows `rows` has room for.
  // Unchecked: see the type's note; written only on a unique storage.
  @exclusivity(unchecked) @usableFromInline var capacity = 0
  /// Where `IdentifiedArray.subscript(id:)` lends a row out as an `Element?`,
  /// allocated at the first lend and freed in `deinit`; uninitialised but
  /// while a row is lent (``lend(_:)``).
  // Unchecked: see the type's note; set once, on a unique storage.
  @exclusivity(unchecked) @usableFromInline var lendingCell: UnsafeMutablePointer<Element?>?
  /// The slot of each row in `rows`, by id.
  // Unchecked: see the type's note.
  @exclusivity(unchecked) @usableFromInline var slots = SlotIndex<Element.ID>()
  /// The slots of the rows in the order of `ids` as the last sort, removal by
  /// predicate or reorder that removed nothing left them (each writes it after
  /// `ids`), or empty: emptied by every other write of `ids` (an insert, a
  /// removal, a move), so that while it is not empty it holds, and the next
  /// sort or removal by predicate trusts it
  /// without checking it row by row (`IdentifiedArray.slotsInOrder(of:)`).
  /// A slot moves only with a write of `ids` (a removal fills its hole with
  /// the last slot). Written only once the storage is unique.
  // Unchecked: see the type's note.
  @exclusivity(unchecked) @usableFromInline var order: [Int] = []

  @usableFromInline
  init() {
    rows = Self.noRows
  }

  /// A storage holding what `other` holds, rows copied into a buffer of the
  /// same capacity (the ids and slots share their buffers until written).
  @usableFromInline
  init(copying other: IdentifiedStorage) {
    ids = other.ids
    slots = other.slots
    order = other.order
    rows = Self.noRows
    guard other.capacity > 0 else { return }
    // Sound: a new buffer of `other.capacity` rows, of which the first
    // `other.count` are initialised from `other`'s initialised rows.
    rows = UnsafeMutablePointer.allocate(capacity: other.capacity)
    rows.initialize(from: other.rows, count: other.count)
    count = other.count
    capacity = other.capacity
  }

  deinit {
    // Sound: `count` rows are initialised in a buffer allocated when
    // `capacity` is above 0; the lending cell holds nothing between lends.
    if capacity > 0 {
      rows.deinitialize(count: count)
      rows.deallocate()
    }
    lendingCell?.deallocate()
  }

  /// The base of an empty storage's rows: never read (no row is below a
  /// count of 0) nor freed (a capacity of 0 frees nothing).
  @inlinable
  static var noRows: UnsafeMutablePointer<Element> {
    // Sound: a non-null address aligned for `Element`, never dereferenced.
    UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
  }

  /// The row in `slot`, read or written in place. `slot` is below `count`:
  /// one the index holds (it holds only the slots of rows) or one checked.
  @inlinable
  subscript(slot slot: Int) -> Element {
    unsafeAddress {
      assert(slot >= 0 && slot < count, "IdentifiedStorage: a slot out of range")
      // Sound: slots below `count` are initialised rows of the buffer.
      return UnsafePointer(rows + slot)
    }
    unsafeMutableAddress {
      assert(slot >= 0 && slot < count, "IdentifiedStorage: a slot out of range")
      // Sound: as for reads; only a unique storage is written.
      return rows + slot
    }
  }

  /// Makes room for `minimumCapacity` rows, moving the rows to a new buffer
  /// if they need one. Only on a unique storage: it moves every row's address.
  @inlinable
  func reserveCapacity(_ minimumCapacity: Int) {
    if minimumCapacity > capacity { grow(to: minimumCapacity) }
  }

  /// Puts `element` in the next slot, `count`, growing the buffer by doubling
  /// if it is full; the caller gives the slot its id. Only on a unique storage.
  @inlinable
  func append(_ element: Element) {
    if count == capacity { grow(to: Swift.max(capacity &* 2, 4)) }
    // Sound: `count` is below `capacity`, an uninitialised slot of the buffer.
    (rows + count).initialize(to: element)
    count &+= 1
  }

  /// Moves the rows to a new buffer of `newCapacity` and frees the old one.
  @usableFromInline
  func grow(to newCapacity: Int) {
    // Sound: the `count` initialised rows are moved (bitwise, no retain) into
    // a new buffer big enough for them, and the old buffer, left with none,
    // freed if it was allocated.
    let new = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    new.moveInitialize(from: rows, count: count)
    if capacity > 0 { rows.deallocate() }
    rows = new
    capacity = newCapacity
  }
}
