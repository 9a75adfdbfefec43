/// The slot of each row of an ``IdentifiedArray`` by id: an open-addressing
/// hash table (linear probing, deletion by backward shift), a value with
/// copy-on-write buffers.
///
/// A `Dictionary` hashes every id with SipHash, seeded per process: about 120
/// instructions for an `Int`, paid again by every lookup and insert, so that
/// replacing a collection of 100 rows hashed each id three to four times
/// (36 630 of its 108 064 instructions). Here an id is hashed by ``hash(_:)``,
/// once per operation, and the hash is passed on: a lookup in one table and
/// an insert in another (`IdentifiedArray.replaceAll(with:)`) share it. `Int`
/// ids, the common case, are hashed by one multiplication (Fibonacci
/// hashing, its high bits taken); others by their `hashValue`. A multiplicative
/// hash is not seeded: ids chosen to collide degrade lookups to a linear
/// search, as they would in any unseeded table.
@usableFromInline
struct SlotIndex<ID: Hashable> {
  /// An entry: the id and its row's slot.
  ///
  /// The slot is kept in 32 bits: with an `Int` id an optional entry is then
  /// 16 bytes, not 24, and a table of 10 000 rows a third smaller, which a
  /// lookup's cache misses follow.
  @usableFromInline
  struct Entry {
    @usableFromInline var id: ID
    @usableFromInline var storedSlot: UInt32

    /// The row's slot.
    @inlinable
    var slot: Int {
      get { Int(storedSlot) }
      set { storedSlot = UInt32(truncatingIfNeeded: newValue) }
    }

    @inlinable
    init(id: ID, slot: Int) {
      self.id = id
      self.storedSlot = UInt32(truncatingIfNeeded: slot)
    }
  }

  /// The most rows an index can give slots to.
  @usableFromInline static var maximumSlots: Int { Int(UInt32.max) }

  /// The buckets, a power of two of them; `nil` is empty.
  @usableFromInline var buckets: ContiguousArray<Entry?>
  /// The entries held.
  @usableFromInline private(set) var count = 0
  /// 64 minus log2 of the bucket count: a hash's bucket is its top bits.
  @usableFromInline var shift: Int

  /// An index with room for `capacity` entries before it grows.
  @inlinable
  init(capacity: Int = 0) {
    var buckets = 8
    // At most three quarters full.
    while buckets * 3 < capacity * 4 { buckets &*= 2 }
    self.buckets = ContiguousArray(repeating: nil, count: buckets)
    shift = 64 - buckets.trailingZeroBitCount
  }

  /// `id`'s hash, computed once per operation and passed to the others.
  @inlinable @inline(__always)
  static func hash(_ id: ID) -> UInt {
    if ID.self == Int.self {
      // Sound: `ID` is `Int`, just checked.
      return UInt(bitPattern: unsafeBitCast(id, to: Int.self)) &* 0x9E37_79B9_7F4A_7C15
    }
    return UInt(bitPattern: id.hashValue) &* 0x9E37_79B9_7F4A_7C15
  }

  /// The bucket of `hash` in a table of `64 - shift` bits.
  @inlinable @inline(__always)
  static func bucket(of hash: UInt, shift: Int) -> Int { Int(truncatingIfNeeded: hash &>> UInt(shift)) }

  /// The slot of `id`, or `nil`.
  @inlinable
  subscript(id: ID) -> Int? { find(id, hash: Self.hash(id)) }

  /// The slot of `id`, whose hash is `hash`, or `nil`.
  @inlinable
  func find(_ id: ID, hash: UInt) -> Int? {
    let shift = self.shift
    // Sound: the buffer pointer is used inside its closure only.
    return buckets.withUnsafeBufferPointer { buckets in
      let mask = buckets.count &- 1
      var at = Self.bucket(of: hash, shift: shift)
      while let entry = buckets[at] {
        if entry.id == id { return entry.slot }
        at = (at &+ 1) & mask
      }
      return nil
    }
  }

  /// Gives `id` the slot `slot`, whether or not it had one.
  @inlinable
  mutating func set(_ id: ID, slot: Int) {
    _ = insert(id, slot: slot, hash: Self.hash(id), replacing: true)
  }

  /// Adds `id` at `slot` unless it is there; returns whether it was added.
  /// With `replacing`, an id already there takes `slot` instead.
  @inlinable
  @discardableResult
  mutating func insert(_ id: ID, slot: Int, hash: UInt, replacing: Bool = false) -> Bool {
    precondition(slot < Self.maximumSlots, "IdentifiedArray: more rows than an index holds")
    if (count &+ 1) &* 4 > buckets.count &* 3 { grow() }
    let mask = buckets.count &- 1
    var at = Self.bucket(of: hash, shift: shift)
    // Sound: the buffer pointer is used inside its closure only.
    let added: Bool = buckets.withUnsafeMutableBufferPointer { buckets in
      while let entry = buckets[at] {
        if entry.id == id {
          if replacing { buckets[at]!.slot = slot }
          return false
        }
        at = (at &+ 1) & mask
      }
      buckets[at] = Entry(id: id, slot: slot)
      return true
    }
    if added { count &+= 1 }
    return added
  }

  /// Removes `id`, shifting back the entries its removal would cut off from
  /// their buckets (no tombstones: lookups never pass a removed entry).
  @inlinable
  mutating func remove(_ id: ID) {
    let mask = buckets.count &- 1
    let shift = self.shift
    var hole = Self.bucket(of: Self.hash(id), shift: shift)
    while let entry = buckets[hole] {
      if entry.id == id { break }
      hole = (hole &+ 1) & mask
    }
    guard buckets[hole] != nil else { return }
    count &-= 1
    // Sound: the buffer pointer is used inside its closure only.
    buckets.withUnsafeMutableBufferPointer { buckets in
      var next = (hole &+ 1) & mask
      while let entry = buckets[next] {
        let home = Self.bucket(of: Self.hash(entry.id), shift: shift)
        // The entry may move into the hole unless its home lies in the
        // cyclic range (hole, next].
        let distanceToHole = (hole &- home) & mask
        let distanceToNext = (next &- home) & mask
        if distanceToHole < distanceToNext {
          buckets[hole] = entry
          hole = next
        }
        next = (next &+ 1) & mask
      }
      buckets[hole] = nil
    }
  }

  /// The id whose slot is `slot`: a linear search, for the rare callers that
  /// hold a slot and not its id.
  @inlinable
  func id(ofSlot slot: Int) -> ID? {
    // Sound: an entry whose slot matched is not nil.
    for entry in buckets where entry?.slot == slot { return entry.unsafelyUnwrapped.id }
    return nil
  }

  /// Every entry, in no particular order.
  @inlinable
  var entries: some Sequence<Entry> { buckets.lazy.compactMap { $0 } }

  /// Doubles the buckets and puts every entry back.
  @usableFromInline
  mutating func grow() {
    let old = buckets
    buckets = ContiguousArray(repeating: nil, count: old.count &* 2)
    shift &-= 1
    let shift = self.shift
    let mask = buckets.count &- 1
    // Sound: the buffer pointer is used inside its closure only.
    buckets.withUnsafeMutableBufferPointer { buckets in
      for case let entry? in old {
        var at = Self.bucket(of: Self.hash(entry.id), shift: shift)
        while buckets[at] != nil { at = (at &+ 1) & mask }
        buckets[at] = entry
      }
    }
  }
}
