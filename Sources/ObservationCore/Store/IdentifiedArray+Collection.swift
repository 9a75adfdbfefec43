/// An identified collection is a random-access, mutable collection of its rows
/// in order, indexed by position, so that what real code calls on an array of
/// rows — positional subscripts, `first`, `filter`, `contains(where:)`,
/// `lazy`, `sort`, `removeAll(where:)`, SwiftUI's `move(fromOffsets:toOffset:)` —
/// works on it, each noting what it changes as the id-based operations do.
///
/// Reading a position reads the structure (which id is there) and then the
/// row through its own accessors. The structural operations keep every row's
/// state and identity (a row store scoped to it stays live), note the
/// structure only when the order of ids changed, and note a removed row as
/// replaced.
extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  public typealias Index = Int

  /// 0: a read of nothing.
  @inlinable
  public var startIndex: Int { 0 }

  /// The number of rows: a read of the structure.
  @inlinable
  public var endIndex: Int { count }

  /// The row at `position` of the order.
  ///
  /// Setting a row must keep the id at that position (a precondition, as for
  /// TCA's `IdentifiedArray`): the row is replaced in place, and its observers
  /// are notified if its identity differs. To reorder, use `swapAt`, `sort`
  /// or `move(fromOffsets:toOffset:)`.
  ///
  /// - Complexity: one lookup by id.
  @inlinable
  public subscript(position: Int) -> Element {
    get {
      access(Self.structure)
      let storage = _storage
      return storage[slot: storage.slots[storage.ids[position]]!]
    }
    set {
      let id = _storage.ids[position]
      precondition(newValue.id == id, "IdentifiedArray: a row set at a position must keep the id there")
      self[id: id] = newValue
    }
  }

  /// Swaps the rows at two positions of the order: a change of the structure.
  ///
  /// - Complexity: O(1).
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    makeUnique()
    _storage.ids.swapAt(i, j)
    didSet(Self.structure)
  }

  /// The position of the row with `id` in the order, if there is one: a read
  /// of the structure.
  ///
  /// - Complexity: O(n): the order is an array of ids (the rows are found by
  ///   id in O(1), their positions by a search).
  @inlinable
  public func index(id: ID) -> Int? {
    access(Self.structure)
    return _storage.ids.firstIndex(of: id)
  }

  /// Sorts the rows in place with `areInIncreasingOrder`; the structure is
  /// noted if the order changed. Rows keep their state and identity.
  ///
  /// Inlinable, as the structural operations below: specialised where they
  /// are called, not run as generic code (metadata looked up on every
  /// comparison: 140× apple's time for a sort of 1 000 rows).
  ///
  /// - Complexity: O(n log n) comparisons; each id looked up once, unless
  ///   the rows are where the last sort left them or stored in order. An
  ///   order already sorted, or strictly in the opposite order, costs n - 1
  ///   comparisons and no more (reversed in place).
  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    let unique = isKnownUniquelyReferenced(&_storage)
    let storage = _storage
    // Sorted as slots, so that a comparison looks up no id, and compared where
    // the rows are stored, so that it copies none.
    var slots = Self.slotsInOrder(of: storage)
    // The kept order let go of, so that the slots are sorted in place, not copied.
    if unique { storage.order = [] }
    // The first position whose id the sort changed, if any: a sort that
    // changes the order changes it near the front, as a rule.
    //
    // Sound: the slots are the index's, each an initialised row; nothing
    // writes the storage while they are read (this collection is under
    // exclusive access), and the pointer to the ids is used inside its closure.
    let rows = storage.rows
    switch try Self.direction(of: slots, rows: rows, by: areInIncreasingOrder) {
    case .ascending:
      if unique { storage.order = slots }
      return
    case .descending:
      // The stable sort of a strictly descending order is its reverse: the
      // ids reversed where they are, not each read again from its row.
      if !unique { makeUnique() }
      let sorted = _storage
      Self.reverse(&slots, &sorted.ids)
      sorted.order = slots
      didSet(Self.structure)
      return
    case .unordered:
      break
    }
    try slots.sort { try areInIncreasingOrder(rows[$0], rows[$1]) }
    let firstChange = storage.ids.withUnsafeBufferPointer { ids in
      slots.indices.first { rows[slots[$0]].id != ids[$0] }
    }
    guard let firstChange else {
      if unique { storage.order = slots }
      return
    }
    // Unique as it was at the top (nothing else ran since): asked again, the
    // `storage` held here would count as a second reference and cost a copy.
    if !unique { makeUnique() }
    // The ids rewritten in place from there: no array of them made and
    // compared. A copy's rows sit in the same slots.
    let sorted = _storage
    // Sound: the ids' buffer pointer is used inside its closure, and the rows
    // (read through the subscript, in place) are not written meanwhile.
    sorted.ids.withUnsafeMutableBufferPointer { ids in
      for position in firstChange..<ids.count { ids[position] = sorted[slot: slots[position]].id }
    }
    // The next sort starts from here, without looking an id up.
    sorted.order = slots
    didSet(Self.structure)
  }

  /// Whether the rows at `slots`, in that order, are already sorted by
  /// `areInIncreasingOrder` (no row before one that orders before it),
  /// strictly in the opposite order (each row before one that orders before
  /// it), or neither; found in one pass, which stops at the first row that
  /// breaks the direction of the first two.
  ///
  /// Flipping a list's order (a column header tapped again) is the sort an
  /// app does most, and the one where a sort's own comparisons are fewest:
  /// the general path then costs more in the collection's own work (each id
  /// read back from its row, about 5 instructions a row) than in sorting.
  ///
  /// - Complexity: at most `slots.count - 1` comparisons; a general sort
  ///   pays those up to the first row that breaks the direction.
  @inlinable
  static func direction(
    of slots: [Int], rows: UnsafeMutablePointer<Element>, by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows -> SortDirection {
    // Sound: the slots are the index's, each an initialised row, and the
    // buffer pointer is used inside its closure only.
    try slots.withUnsafeBufferPointer { slots in
      guard slots.count > 1 else { return .ascending }
      // Each row read once, the one before carried over; a loop per
      // direction, so that each compares one outcome.
      var previous = rows + slots[1]
      var position = 2
      if try areInIncreasingOrder(previous.pointee, rows[slots[0]]) {
        while position < slots.count {
          let row = rows + slots[position]
          guard try areInIncreasingOrder(row.pointee, previous.pointee) else { return .unordered }
          previous = row
          position &+= 1
        }
        return .descending
      }
      while position < slots.count {
        let row = rows + slots[position]
        if try areInIncreasingOrder(row.pointee, previous.pointee) { return .unordered }
        previous = row
        position &+= 1
      }
      return .ascending
    }
  }

  /// Reverses `slots` and `ids`, of equal counts, in one pass: the stable
  /// sort of an order strictly the opposite of the one wanted.
  @inlinable
  static func reverse(_ slots: inout [Int], _ ids: inout [ID]) {
    // Sound: both buffers' pointers are used inside their closures only, and
    // every index is below the common count.
    slots.withUnsafeMutableBufferPointer { slots in
      ids.withUnsafeMutableBufferPointer { ids in
        guard var low = slots.baseAddress, var lowID = ids.baseAddress, slots.count == ids.count else {
          preconditionFailure("IdentifiedArray: a kept order of another count than the ids")
        }
        var high = low + (slots.count &- 1)
        var highID = lowID + (ids.count &- 1)
        while low < high {
          swap(&low.pointee, &high.pointee)
          swap(&lowID.pointee, &highID.pointee)
          low += 1
          high -= 1
          lowID += 1
          highID -= 1
        }
      }
    }
  }

  /// The slot of each row of `storage`, in the order of its ids.
  ///
  /// A sort keeps the slots it sorted (`IdentifiedStorage.order`), as a
  /// removal by predicate and a reorder that removed nothing keep theirs, and
  /// every other write of the ids lets go of it: while kept, it holds, and is taken as
  /// it is (checked row by row in debug builds). A collection made or rebuilt
  /// in one pass stores its rows in order, which is checked, one comparison
  /// of ids per row, before it is trusted. Only where neither holds (a row
  /// inserted or removed since) is each id looked up.
  ///
  /// - Complexity: O(1) after a sort; else O(n).
  @inlinable
  static func slotsInOrder(of storage: IdentifiedStorage<Element>) -> [Int] {
    let kept = storage.order
    // Sound: the ids' buffer pointer is used inside its closure; the rows are
    // read in place through `holds`, which checks the slot's range.
    let found: [Int]? = storage.ids.withUnsafeBufferPointer { ids in
      if !kept.isEmpty, kept.count == ids.count {
        assert(
          kept.indices.allSatisfy { storage.slots[ids[$0]] == kept[$0] },
          "IdentifiedArray: a kept order that does not hold")
        return kept
      }
      // Distinct ids at distinct positions: a slot that holds its position's
      // id is no other position's.
      if storage.count == ids.count, ids.indices.allSatisfy({ storage.holds(ids[$0], at: $0) }) {
        return Array(0..<ids.count)
      }
      return nil
    }
    // Sound: every id of the order has a slot in the index.
    return found ?? storage.ids.map { storage.slots[$0].unsafelyUnwrapped }
  }

  /// Removes every row `shouldBeRemoved` picks, keeping the order of the rest;
  /// the removed rows' observers are notified as of a replacement, and the
  /// structure if any was removed.
  ///
  /// - Complexity: O(n).
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    guard isKnownUniquelyReferenced(&_storage) else {
      // Found by a function of its own, so that no reference to the storage
      // is held here while `replaceAll` builds the copy.
      guard let kept = try Self.ids(in: _storage, keptBy: shouldBeRemoved) else { return }
      replaceAll(ids: kept) { _ in preconditionFailure("every kept id has its row") }
      return
    }
    try removeAllInPlace(where: shouldBeRemoved)
  }

  /// The ids of `storage`'s rows that `shouldBeRemoved` keeps, in order, or
  /// `nil` if it keeps them all.
  @inlinable
  static func ids(
    in storage: IdentifiedStorage<Element>, keptBy shouldBeRemoved: (Element) throws -> Bool
  ) rethrows -> [ID]? {
    let slots = Self.slotsInOrder(of: storage)
    var kept: [ID] = []
    kept.reserveCapacity(storage.ids.count)
    for (id, slot) in zip(storage.ids, slots) where try !shouldBeRemoved(storage[slot: slot]) { kept.append(id) }
    return kept.count == storage.ids.count ? nil : kept
  }

  /// Moves the rows at `offsets` to `destination`, keeping their relative
  /// order, as SwiftUI's `onMove` asks: `destination` is a position in the
  /// order before the move (so `count` moves them to the end). Offsets out of
  /// range are a precondition failure; the structure is noted if the order
  /// changed.
  ///
  /// - Complexity: O(n + k log k) for k offsets.
  @inlinable
  public mutating func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) {
    let ids = _storage.ids
    let moving = Set(offsets)
    precondition(moving.allSatisfy { ids.indices.contains($0) }, "IdentifiedArray: an offset out of range")
    precondition((0...ids.count).contains(destination), "IdentifiedArray: a destination out of range")
    var reordered: [ID] = []
    reordered.reserveCapacity(ids.count)
    for position in 0..<destination where !moving.contains(position) { reordered.append(ids[position]) }
    for position in moving.sorted() { reordered.append(ids[position]) }
    for position in destination..<ids.count where !moving.contains(position) { reordered.append(ids[position]) }
    guard reordered != ids else { return }
    makeUnique()
    _storage.ids = reordered
    didSet(Self.structure)
  }

  /// Removes and returns the row at `position`; its observers are notified as
  /// of a replacement.
  ///
  /// - Complexity: O(n - position) (the order after it shifts); the position
  ///   is not searched for, so removing the last row is O(1).
  @discardableResult
  public mutating func remove(at position: Int) -> Element {
    let id = _storage.ids[position]
    // Sound: a listed id has its row's slot in the index.
    let removed = removeSlot(of: id, at: _storage.slots[id].unsafelyUnwrapped)
    // Unique since `removeSlot`.
    _storage.ids.remove(at: position)
    removed.didReplace()
    didSet(Self.structure)
    return removed
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the rows in increasing order.
  public mutating func sort() {
    sort(by: <)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// A collection of the rows listed; later duplicates of an id are dropped.
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

/// How an order of rows stands to a sort: what `IdentifiedArray.sort(by:)`
/// checks before sorting.
@usableFromInline
enum SortDirection {
  /// Sorted already: the sort changes nothing.
  case ascending
  /// Strictly in the opposite order: the sort reverses it.
  case descending
  /// Neither: the sort sorts.
  case unordered
}
