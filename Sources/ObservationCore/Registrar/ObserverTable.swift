/// The observer lists of one registrar: one doubly linked list per field bit.
///
/// A plain value with no synchronisation of its own: `MutexRegistrar` keeps it
/// behind a mutex, `ActorRegistrar` in its actor's isolation. An object that
/// is never observed pays two words for its table. While one bit only has
/// observers (a row whose views read one of its fields), its list's first node
/// is kept in the table itself; the heads are allocated once a second bit is
/// linked, and only up to the highest bit linked so far: a row whose views
/// read two of its fields holds 4 heads, not 64 (32 bytes, not 512, per
/// observed row; the footprint suite shows it). A separate buffer of heads
/// was one allocation more per observed row, and one line of memory more to
/// reach on every link and every fire: at 10 000 rows, a cache miss each
/// (`collections/remove-where-rearm`). Sendable because its owner provides the
/// protection.
struct ObserverTable: ~Copyable, @unchecked Sendable {
  /// With `capacity` above 0, the buffer of that many heads; below 0, the
  /// first node of bit `~capacity`'s list itself, the one bit linked; `nil`
  /// with 0 (nothing linked since the table was empty).
  private var heads: UnsafeMutableRawPointer?
  /// How many heads `heads` holds (every linked node's bit is below it), or
  /// `~bit` while `heads` is the first node of `bit`, or 0.
  private var capacity = 0
  /// The bits that have at least one linked node.
  private(set) var watched: UInt64 = 0
  /// The number of linked nodes.
  private(set) var count = 0

  init() {}

  deinit {
    if capacity > 0 { heads?.deallocate() }
  }

  /// The first node of `bit`'s list, or `nil`.
  @inline(__always)
  private func head(_ bit: Int) -> UnsafeMutablePointer<ObserverNode>? {
    if capacity < 0 {
      return bit == ~capacity ? heads?.assumingMemoryBound(to: ObserverNode.self) : nil
    }
    guard bit < capacity else { return nil }
    // Sound: `capacity` heads, initialised, in the buffer.
    return heads.unsafelyUnwrapped.assumingMemoryBound(to: UnsafeMutablePointer<ObserverNode>?.self)[bit]
  }

  /// Makes `node` the first node of `bit`'s list; `bit` is one the table can
  /// hold (``makeRoom(for:top:)``).
  @inline(__always)
  private mutating func setHead(_ bit: Int, _ node: UnsafeMutablePointer<ObserverNode>?) {
    if capacity <= 0 {
      heads = node.map { UnsafeMutableRawPointer($0) }
      // An empty list leaves the table free to keep any one bit next.
      capacity = node == nil ? 0 : ~bit
      return
    }
    // Sound: `bit` is below `capacity`, a head of the buffer.
    heads.unsafelyUnwrapped.assumingMemoryBound(to: UnsafeMutablePointer<ObserverNode>?.self)[bit] = node
  }

  /// Makes the table able to hold the bits of a run whose lowest is `bottom`
  /// and highest `top`: kept in the table while they are one bit and no other
  /// is linked, else in a buffer of heads holding `top`.
  @inline(__always)
  private mutating func makeRoom(for bottom: Int, top: Int) {
    if capacity == 0 && bottom == top { return }
    if capacity < 0 && bottom == top && top == ~capacity { return }
    if top < capacity { return }
    allocateHeads(holding: top)
  }

  /// Links the nodes whose observer is still armed.
  /// - Returns: how many nodes were skipped because the observer was not armed.
  mutating func link(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    // The observer may have fired through another registrar while it was being
    // installed; linking it now would leave a node nobody unlinks until the next
    // write of that field.
    guard nodes.pointee.observer._withUnsafeGuaranteedRef({ $0.isArmed }) else { return count }
    // A run's bits ascend (`Observer.make`): its first is its lowest, its
    // last its highest.
    makeRoom(for: Int(nodes.pointee.bit), top: Int(nodes[count - 1].bit))
    for i in 0..<count {
      let node = nodes + i
      let bit = Int(node.pointee.bit)
      let first = head(bit)
      node.pointee.prev = nil
      node.pointee.next = first
      first?.pointee.prev = node
      setHead(bit, node)
      node.pointee.isLinked = true
      watched |= 1 &<< UInt64(bit)
    }
    self.count += count
    return 0
  }

  /// Unlinks those of the nodes that are linked.
  /// - Returns: how many were unlinked.
  mutating func unlink(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    var unlinked = 0
    for i in 0..<count where nodes[i].isLinked {
      unlink(nodes + i)
      unlinked += 1
    }
    return unlinked
  }

  private mutating func unlink(_ node: UnsafeMutablePointer<ObserverNode>) {
    let bit = Int(node.pointee.bit)
    if let prev = node.pointee.prev {
      prev.pointee.next = node.pointee.next
    } else {
      setHead(bit, node.pointee.next)
      if node.pointee.next == nil { watched &= ~(1 &<< UInt64(bit)) }
    }
    node.pointee.next?.pointee.prev = node.pointee.prev
    node.pointee.prev = nil
    node.pointee.next = nil
    node.pointee.isLinked = false
    count -= 1
  }

  /// Takes what a mutation of the bits in `mask` must notify.
  ///
  /// One-shot observers are unlinked here and chained through `fireNext`; they are
  /// claimed (armed → fired) only when the plan fires them, outside the
  /// protection, so that one cancelled by an earlier `onChange` of the same
  /// mutation is skipped. Persistent observers stay linked and are returned
  /// retained.
  mutating func collect(_ mask: UInt64, into plan: inout FirePlan) {
    var bits = mask & watched
    while bits != 0 {
      let bit = bits.trailingZeroBitCount
      bits &= bits &- 1
      var cursor = head(bit)
      while let node = cursor {
        cursor = node.pointee.next
        let observer = node.pointee.observer
        if observer._withUnsafeGuaranteedRef({ $0.isPersistent }) {
          if observer._withUnsafeGuaranteedRef({ $0.isArmed }) {
            plan.appendPersistent(observer)
          }
          continue
        }
        unlink(node)
        node.pointee.fireNext = plan.oneShot
        plan.oneShot = node
      }
    }
  }

  /// Unlinks every node, chaining them through `fireNext` for the caller to count
  /// once it released the protection, and frees the buckets: the table's
  /// registrars are all gone, so nothing can fire these observers through it.
  mutating func unlinkEverything() -> UnsafeMutablePointer<ObserverNode>? {
    var chain: UnsafeMutablePointer<ObserverNode>?
    var bits = watched
    while bits != 0 {
      let bit = bits.trailingZeroBitCount
      bits &= bits &- 1
      while let node = head(bit) {
        unlink(node)
        node.pointee.fireNext = chain
        chain = node
      }
    }
    if capacity > 0 { heads?.deallocate() }
    heads = nil
    capacity = 0
    return chain
  }

  /// Heads for bits up to `bit` at least (a power of two, 4 to 64), the linked
  /// ones moved over (the one list kept in the table included): nodes point
  /// at each other, never into the heads.
  private mutating func allocateHeads(holding bit: Int) {
    let kept = capacity < 0 ? ~capacity : -1
    let highest = Swift.max(bit, kept)
    let held = Swift.max(capacity, 0)
    let grown = min(64, max(4, 2 * held, 1 &<< (Int.bitWidth - highest.leadingZeroBitCount)))
    let new = UnsafeMutablePointer<UnsafeMutablePointer<ObserverNode>?>.allocate(capacity: grown)
    if held > 0, let old = heads {
      // Sound: the old buffer's `held` heads, moved (plain pointers) and freed.
      new.moveInitialize(from: old.assumingMemoryBound(to: UnsafeMutablePointer<ObserverNode>?.self), count: held)
      old.deallocate()
    }
    (new + held).initialize(repeating: nil, count: grown - held)
    if kept >= 0 { new[kept] = heads?.assumingMemoryBound(to: ObserverNode.self) }
    heads = UnsafeMutableRawPointer(new)
    capacity = grown
  }
}
