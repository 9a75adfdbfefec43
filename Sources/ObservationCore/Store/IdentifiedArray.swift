import CObservationSupport
import Synchronization

/// An ordered collection of identified child states: ordered ids plus the rows
/// they name, the observable counterpart of TCA's `IdentifiedArray`.
///
/// Its structure (which ids, in which order) is one observed field of its own, so
/// observers of the structure — a `ForEach` — are told apart from observers of one
/// row. Updating a row in place through `subscript(id:)` notes nothing here: the
/// row notes its own writes. Inserting, removing, moving and replacing note the
/// structure, and the removed or replaced rows as a whole.
///
/// The rows sit in an array of slots in no particular order, found by id through
/// one hash table of slot numbers (``SlotIndex``, which hashes an id once per
/// operation, an `Int` id with one multiplication): a row is read or updated in
/// place with one lookup by id (a dictionary of rows needed two to update one,
/// moving it out and back), and a row store that remembers its row's slot reads it with none
/// (`rowAddress(_:in:near:)`). A slot moves only when a removal fills the hole it leaves
/// with the last slot. Ids, rows and slots share one storage object
/// (``IdentifiedStorage``), copied on write.
///
/// - Complexity: reading or updating a row by id is O(1); insert and remove are
///   O(n) in the worst case (the id order shifts).
public struct IdentifiedArray<Element: ObservableState & Identifiable>: ObservableState {
  public typealias Strategy = Element.Strategy
  public typealias ID = Element.ID

  public let _$registrar = Strategy.Registrar()
  /// The ids, rows and slots. Written only once unique (`makeUnique()`).
  @usableFromInline var _storage = IdentifiedStorage<Element>()

  /// The structure field.
  @usableFromInline static var structure: ObservedField { 0 }

  /// An empty collection.
  public init() {}

  /// A collection of `elements`, in order; later duplicates of an id are dropped.
  public init(_ elements: some Sequence<Element>) {
    // Sized once from what the sequence promises, not grown by doubling: half the
    // copying, and buffers of the size the rows need.
    let storage = _storage
    storage.ids.reserveCapacity(elements.underestimatedCount)
    storage.rows.reserveCapacity(elements.underestimatedCount)
    storage.slots = SlotIndex(capacity: elements.underestimatedCount)
    for element in elements {
      let id = element.id
      // One hash per id: the insert is the duplicate check.
      guard storage.slots.insert(id, slot: storage.rows.count, hash: SlotIndex.hash(id)) else { continue }
      storage.ids.append(id)
      storage.rows.append(element)
    }
  }

  /// The ids in order: a read of the structure.
  public var ids: [ID] {
    access(Self.structure)
    return _storage.ids
  }

  /// The number of rows: a read of the structure.
  public var count: Int {
    access(Self.structure)
    return _storage.ids.count
  }

  /// The rows in order: a read of the structure.
  public var elements: [Element] {
    access(Self.structure)
    let storage = _storage
    return storage.ids.map { storage.rows[storage.slots[$0]!].unsafelyUnwrapped }
  }

  /// Copies the row with `id` into `last` if it has the identity of the row in
  /// `last`, and returns its slot; `nil`, copying nothing, if there is no such
  /// row or it was replaced. Found as `rowAddress(_:in:near:)` finds it, and a
  /// read of neither the structure nor the row: what a row store's read calls.
  @inlinable
  func refreshRow(_ id: ID, near hint: Int, into last: UnsafeMutablePointer<Element>) -> Int? {
    Self.refreshRow(id, in: _storage, near: hint, into: last)
  }

  /// The slot of the row with `id` if it has `identity`, found as
  /// `rowAddress(_:in:near:)` finds it: what a row store's send checks,
  /// copying nothing.
  @inlinable
  func findRow(_ id: ID, near hint: Int, identity: StateIdentity) -> Int? {
    Self.findRow(id, in: _storage, near: hint, identity: identity)
  }

  /// The row with `id` of the collection at `array`, copied.
  @inlinable
  static func row(_ id: ID, in array: UnsafePointer<Self>) -> Element? {
    rowAddress(id, in: array.pointee._storage, near: .max)?.row.pointee
  }

  /// `refreshRow(_:near:into:)` of the collection at `array`, read in place.
  @inlinable
  static func refreshRow(
    _ id: ID, in array: UnsafePointer<Self>, near hint: Int, into last: UnsafeMutablePointer<Element>
  ) -> Int? {
    refreshRow(id, in: array.pointee._storage, near: hint, into: last)
  }

  /// `findRow(_:near:identity:)` of the collection at `array`, read in place.
  @inlinable
  static func findRow(_ id: ID, in array: UnsafePointer<Self>, near hint: Int, identity: StateIdentity) -> Int? {
    findRow(id, in: array.pointee._storage, near: hint, identity: identity)
  }

  @inlinable
  static func refreshRow(
    _ id: ID, in storage: IdentifiedStorage<Element>, near hint: Int, into last: UnsafeMutablePointer<Element>
  ) -> Int? {
    guard let (row, slot) = rowAddress(id, in: storage, near: hint),
      row.pointee._$identity == last.pointee._$identity
    else { return nil }
    last.pointee = row.pointee
    return slot
  }

  @inlinable
  static func findRow(
    _ id: ID, in storage: IdentifiedStorage<Element>, near hint: Int, identity: StateIdentity
  ) -> Int? {
    guard let (row, slot) = rowAddress(id, in: storage, near: hint), row.pointee._$identity == identity else {
      return nil
    }
    return slot
  }

  /// Where the row with `id` is stored, and its slot: `hint` if the row there
  /// has `id`, else looked up by id. Valid while `storage` is neither written
  /// nor freed: used within the caller's expression, while the collection it
  /// came from holds it.
  ///
  /// A row keeps its slot from one read to the next unless a removal moved it,
  /// so a row store that remembers the slot (`RowSource.slot`) reads its row with
  /// a comparison of ids and no hashing. The slot is returned rather than
  /// remembered here: a write to memory the optimiser cannot see through (an
  /// atomic, a thread-local) would make it retain `storage` across the write.
  @inlinable
  static func rowAddress(
    _ id: ID, in storage: IdentifiedStorage<Element>, near hint: Int
  ) -> (row: UnsafePointer<Element>, slot: Int)? {
    let rows = storage.rows.withUnsafeBufferPointer { $0 }
    if hint < rows.count, rows[hint]?.id == id { return (payload(rows.baseAddress.unsafelyUnwrapped + hint), hint) }
    guard let slot = storage.slots[id] else { return nil }
    return (payload(rows.baseAddress.unsafelyUnwrapped + slot), slot)
  }

  /// The row in a slot that holds one: an optional's payload is stored at its
  /// start.
  @inlinable
  static func payload(_ slot: UnsafePointer<Element?>) -> UnsafePointer<Element> {
    UnsafeRawPointer(slot).assumingMemoryBound(to: Element.self)
  }

  /// The slot of the row with `id`: where a row store on this thread last
  /// found its row, if that row has `id`; else looked up by id.
  ///
  /// A reducer updates the row whose store sent the action, and the store
  /// tells its thread where it found the row (`RowSource.send(_:)`): the
  /// update then compares an id instead of hashing it (about 125 instructions
  /// for an `Int`). The slot is per thread, so no other thread's sends disturb
  /// it, and checked against the id stored there, so a slot of another
  /// collection costs that check only.
  @inlinable
  func slot(of id: ID) -> Int? {
    let hint = obs_thread_row_slot_get()
    let isThere = _storage.rows.withUnsafeBufferPointer { rows in
      hint >= 0 && hint < rows.count && rows[hint]?.id == id
    }
    return isThere ? hint : _storage.slots[id]
  }

  /// The row with `id`; updating it in place changes only that row.
  ///
  /// Assigning `nil` removes the row; assigning a row whose id is new appends it.
  ///
  /// Inlinable, so that a reducer's `rows[id: id]?.value += 1` runs specialised.
  ///
  /// - Complexity: one lookup by id.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { slot(of: id).flatMap { _storage.rows[$0] } }
    _modify {
      // What lives across a yield is the coroutine's frame, allocated on the heap
      // when it outgrows the caller's fixed buffer (four words): a nested
      // coroutine (the array's subscript), an `Element?` or the id kept in it
      // would cost a malloc and a free per update. So the slot is lent through a
      // pointer, a removed row's id is found again from its slot, and the rare
      // new row and its id wait in memory of their own.
      if let slot = slot(of: id) {
        makeUnique()
        // Changed in its slot: the row's own buffers stay unique for a change in
        // place, and only its identity is kept of the old row, to tell a
        // replacement from an update. The running send holds the registrar
        // while anyone watches it, so that a replacement still reaches its
        // observers: the reference it takes anyway for the row's own write.
        let row = _storage.rowPointer(slot)
        let registrar = Unmanaged.passUnretained(row.pointee.unsafelyUnwrapped._$registrar)
        let old = registrar._withUnsafeGuaranteedRef { $0.identity }
        ChangeList.hold(registrar, Strategy.self)
        defer { didModifyRow(slot: slot, old: old) }
        yield &row.pointee
      } else {
        let new = UnsafeMutablePointer<(row: Element?, id: ID)>.allocate(capacity: 1)
        new.initialize(to: (nil, id))
        defer {
          let (element, id) = new.move()
          new.deallocate()
          if let element {
            appendRow(element, id: id)
            // Unique since `appendRow`.
            _storage.ids.append(id)
            didSet(Self.structure)
          }
        }
        yield &new.pointee.row
      }
    }
  }

  /// Copies the storage unless this collection holds the only reference to it.
  @inlinable
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&_storage) { _storage = IdentifiedStorage(copying: _storage) }
  }

  /// Notes what became of the row in `slot`, whose registrar's identity was
  /// `old`, after `subscript(id:)` lent the slot out: a row replaced or removed
  /// as a whole loses its observers' reads; a removed row leaves the structure.
  @inlinable
  mutating func didModifyRow(slot: Int, old: UInt64) {
    // Compared by identity number, not by reference: holding the new registrar
    // for a comparison would retain and release it on every update in place.
    let new = _storage.rows[slot]?._$registrar.identity
    if new != old {
      ChangeList.noteEnding()
      ChangeList.noteWrite(ofHeld: old, ~0, Strategy.self)
    }
    if new == nil {
      // The id the slot was found by: one search, on the rare removal by
      // assigning nil, rather than a word more in every update's frame.
      let id = _storage.slots.id(ofSlot: slot).unsafelyUnwrapped
      removeSlot(of: id, at: slot)
      // Unique since `removeSlot`.
      _storage.ids.removeAll { $0 == id }
      didSet(Self.structure)
    }
  }

  /// Puts `element` in a new slot, found by `id`; the caller keeps the order of
  /// ids.
  @usableFromInline
  mutating func appendRow(_ element: Element, id: ID) {
    makeUnique()
    let storage = _storage
    storage.slots.set(id, slot: storage.rows.count)
    storage.rows.append(element)
  }

  /// Frees the slot of the row `id`, moving the last slot into it; the caller
  /// keeps the order of ids.
  @usableFromInline
  mutating func removeSlot(of id: ID, at slot: Int) {
    makeUnique()
    Self.removeSlot(of: id, at: slot, in: _storage)
  }

  /// ``removeSlot(of:at:)`` in `storage`, which the caller made unique (a
  /// caller that holds the storage in a local of its own cannot ask again:
  /// its reference would count). Inlinable, so that the row moved and removed
  /// is handled in code specialised for it.
  @inlinable
  static func removeSlot(of id: ID, at slot: Int, in storage: IdentifiedStorage<Element>) {
    storage.slots.remove(id)
    let last = storage.rows.count - 1
    if slot != last {
      storage.rows.swapAt(slot, last)
      // The moved row is found by its own id, unless it was stored under another
      // one (`rows[id: a] = rowWithIDb`), which only a search finds.
      var moved = storage.rows[slot].unsafelyUnwrapped.id
      if storage.slots[moved] != last { moved = storage.slots.id(ofSlot: last)! }
      storage.slots.set(moved, slot: slot)
    }
    storage.rows.removeLast()
  }
}
