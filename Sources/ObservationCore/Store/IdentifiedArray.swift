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
/// one dictionary of slot numbers: a row is read or updated in place with one
/// lookup by id (a dictionary of rows needed two to update one, moving it out and
/// back), and a row store that remembers its row's slot reads it with none
/// (`row(_:hint:)`). A slot moves only when a removal fills the hole it leaves
/// with the last slot.
///
/// - Complexity: reading or updating a row by id is O(1); insert and remove are
///   O(n) in the worst case (the id order shifts).
public struct IdentifiedArray<Element: ObservableState & Identifiable>: ObservableState {
  public typealias Strategy = Element.Strategy
  public typealias ID = Element.ID

  public let _$registrar = Strategy.Registrar()
  @usableFromInline var _ids: [ID] = []
  /// The rows, each in the slot `_slots` gives its id. Never nil but while
  /// `subscript(id:)` lends a slot out: optional so that a slot can be lent as
  /// the subscript's `Element?` in place.
  @usableFromInline var _rows: ContiguousArray<Element?> = []
  /// The slot of each row in `_rows`, by id.
  @usableFromInline var _slots: [ID: Int] = [:]

  /// The structure field.
  @usableFromInline static var structure: ObservedField { 0 }

  /// An empty collection.
  public init() {}

  /// A collection of `elements`, in order; later duplicates of an id are dropped.
  public init(_ elements: some Sequence<Element>) {
    // Sized once from what the sequence promises, not grown by doubling: half the
    // copying, and buffers of the size the rows need.
    _ids.reserveCapacity(elements.underestimatedCount)
    _rows.reserveCapacity(elements.underestimatedCount)
    _slots.reserveCapacity(elements.underestimatedCount)
    for element in elements where _slots[element.id] == nil {
      _ids.append(element.id)
      appendRow(element, id: element.id)
    }
  }

  /// The ids in order: a read of the structure.
  public var ids: [ID] {
    access(Self.structure)
    return _ids
  }

  /// The number of rows: a read of the structure.
  public var count: Int {
    access(Self.structure)
    return _ids.count
  }

  /// The rows in order: a read of the structure.
  public var elements: [Element] {
    access(Self.structure)
    return _ids.map { _rows[_slots[$0]!].unsafelyUnwrapped }
  }

  /// The row with `id`, when `hint` is its slot; else looked up by id, and
  /// `hint` set to its slot. A read of neither the structure nor the row.
  ///
  /// What a row store's read calls: its row keeps its slot from one read to the
  /// next unless a removal moved it, so the read costs a comparison of ids and
  /// no hashing.
  @inlinable
  func row(_ id: ID, hint: inout Int) -> Element? {
    if hint < _rows.count, let row = _rows[hint], row.id == id { return row }
    guard let slot = _slots[id] else { return nil }
    hint = slot
    return _rows[slot]
  }

  /// The row with `id`; updating it in place changes only that row.
  ///
  /// Assigning `nil` removes the row; assigning a row whose id is new appends it.
  ///
  /// Inlinable, so that a reducer's `rows[id: id]?.value += 1` runs specialised
  /// and inlined: a `_modify` coroutine called across the module allocates its
  /// frame on every call, and nested ones allocate one each.
  ///
  /// - Complexity: one lookup by id.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { _slots[id].flatMap { _rows[$0] } }
    _modify {
      if let slot = _slots[id] {
        // Changed in its slot: the row's own buffers stay unique for a change in
        // place, and only its registrar is kept of the old row, to tell a
        // replacement from an update.
        let old = _rows[slot].unsafelyUnwrapped._$registrar
        defer { didModifyRow(id, slot: slot, old: old) }
        yield &_rows[slot]
      } else {
        var element: Element? = nil
        defer {
          if let element {
            appendRow(element, id: id)
            _ids.append(id)
            didSet(Self.structure)
          }
        }
        yield &element
      }
    }
  }

  /// Notes what became of the row with `id` in `slot`, whose registrar was `old`,
  /// after `subscript(id:)` lent the slot out: a row replaced or removed as a
  /// whole loses its observers' reads; a removed row leaves the structure.
  @inlinable
  mutating func didModifyRow(_ id: ID, slot: Int, old: Strategy.Registrar) {
    // Compared by identity number, not by reference: holding the new registrar
    // for a comparison would retain and release it on every update in place.
    let new = _rows[slot]?._$registrar.identity
    if new != old.identity {
      ChangeList.noteWrite(of: old, ~0, Strategy.self)
    }
    if new == nil {
      removeSlot(of: id, at: slot)
      _ids.removeAll { $0 == id }
      didSet(Self.structure)
    }
  }

  /// Puts `element` in a new slot, found by `id`; the caller keeps the order of
  /// ids.
  @usableFromInline
  mutating func appendRow(_ element: Element, id: ID) {
    _slots[id] = _rows.count
    _rows.append(element)
  }

  /// Frees the slot of the row `id`, moving the last slot into it; the caller
  /// keeps the order of ids.
  @usableFromInline
  mutating func removeSlot(of id: ID, at slot: Int) {
    _slots[id] = nil
    let last = _rows.count - 1
    if slot != last {
      _rows.swapAt(slot, last)
      // The moved row is found by its own id, unless it was stored under another
      // one (`rows[id: a] = rowWithIDb`), which only a search finds.
      var moved = _rows[slot].unsafelyUnwrapped.id
      if _slots[moved] != last { moved = _slots.first { $0.value == last }!.key }
      _slots[moved] = slot
    }
    _rows.removeLast()
  }
}
