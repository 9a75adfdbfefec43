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
/// (`IdentifiedStorage.rowAddress(_:near:)`). A slot moves only when a removal fills the
/// hole it leaves with the last slot. Ids, rows and slots share one storage object
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
    storage.reserveCapacity(elements.underestimatedCount)
    storage.slots = SlotIndex(capacity: elements.underestimatedCount)
    for element in elements {
      let id = element.id
      // One hash per id: the insert is the duplicate check.
      guard storage.slots.insert(id, slot: storage.count, hash: SlotIndex.hash(id)) else { continue }
      storage.ids.append(id)
      storage.append(element)
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

  /// Whether a row has `id`: a read of the structure, and of no row (asking
  /// `self[id: id] != nil` copies the row out, a retain and a release of each
  /// reference it holds).
  ///
  /// - Complexity: one lookup by id.
  @inlinable
  public func contains(id: ID) -> Bool {
    access(Self.structure)
    return _storage.slots[id] != nil
  }

  /// The rows in order: a read of the structure.
  public var elements: [Element] {
    access(Self.structure)
    let storage = _storage
    return storage.ids.map { storage[slot: storage.slots[$0]!] }
  }

  /// The row with `id` of the collection at `array`, copied.
  @inlinable
  static func row(_ id: ID, in array: UnsafePointer<Self>) -> Element? {
    // Sound: the caller's pointer to a live collection, read within the call;
    // the row's address is read at once, the storage neither written nor freed.
    array.pointee._storage.rowAddress(id, near: .max)?.row.pointee
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
    return _storage.holds(id, at: hint) ? hint : _storage.slots[id]
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
    get { slot(of: id).map { _storage[slot: $0] } }
    _modify {
      // What lives across a yield is the coroutine's frame, allocated on the heap
      // when it outgrows the caller's fixed buffer (four words): a nested
      // coroutine, an `Element?` or the id kept in it would cost a malloc and a
      // free per update. So the row is lent through the storage's lending cell
      // (moved there and back, no retain), a removed row's id is found again
      // from its slot, and the rare new row and its id wait in memory of their
      // own.
      if let slot = slot(of: id) {
        makeUnique()
        // Changed in the cell: the row's own buffers stay unique for a change in
        // place, and only its identity is kept of the old row, to tell a
        // replacement from an update. The running send holds the registrar
        // while anyone watches it, so that a replacement still reaches its
        // observers: the reference it takes anyway for the row's own write.
        let registrar = Unmanaged.passUnretained(_storage[slot: slot]._$registrar)
        // Sound: the row holds its registrar until the yield, and `hold` takes
        // the reference kept past it.
        let old = registrar._withUnsafeGuaranteedRef { $0.identity }
        ChangeList.hold(registrar, Strategy.self)
        defer { didModifyRow(slot: slot, old: old) }
        // Sound: the cell stays allocated while the storage lives, and this
        // collection, under exclusive access until `didModifyRow`, holds it.
        yield &_storage.lend(slot).pointee
      } else {
        // Sound: allocated, initialised, moved out and freed here, in the
        // accessor that alone knows of it.
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

  /// Ends the lend of the row in `slot`, whose registrar's identity was `old`,
  /// by `subscript(id:)`, and notes what became of it: a row replaced or
  /// removed as a whole loses its observers' reads; a removed row leaves the
  /// structure. The storage is unique since the lend.
  @inlinable
  mutating func didModifyRow(slot: Int, old: UInt64) {
    guard _storage.takeBack(slot) else {
      // The id the slot was found by: one search, on the rare removal by
      // assigning nil, rather than a word more in every update's frame.
      let id = _storage.slots.id(ofSlot: slot)!
      _storage.closeHole(of: id, at: slot)
      _storage.ids.removeAll { $0 == id }
      ChangeList.noteEnding()
      ChangeList.noteWrite(ofHeld: old, ~0, Strategy.self)
      didSet(Self.structure)
      return
    }
    // Compared by identity number, not by reference: holding the new registrar
    // for a comparison would retain and release it on every update in place.
    if _storage[slot: slot]._$registrar.identity != old {
      ChangeList.noteEnding()
      ChangeList.noteWrite(ofHeld: old, ~0, Strategy.self)
    }
  }

  /// Puts `element` in a new slot, found by `id`; the caller keeps the order of
  /// ids.
  @usableFromInline
  mutating func appendRow(_ element: Element, id: ID) {
    makeUnique()
    let storage = _storage
    storage.slots.set(id, slot: storage.count)
    storage.append(element)
  }

  /// Removes and returns the row `id` in `slot`, moving the last slot into
  /// it; the caller keeps the order of ids.
  @usableFromInline
  @discardableResult
  mutating func removeSlot(of id: ID, at slot: Int) -> Element {
    makeUnique()
    return _storage.removeRow(of: id, at: slot)
  }
}
