/// The observer lists of one registrar: one doubly linked list per field bit.
///
/// A plain value with no synchronisation of its own: `MutexRegistrar` keeps it
/// behind a mutex, `ActorRegistrar` in its actor's isolation. The bucket heads are
/// allocated on the first link, so an object that is never observed pays one
/// pointer for its table, and only up to the highest bit linked so far: a row
/// whose view reads two of its fields holds 4 heads, not 64 (32 bytes, not 512,
/// per observed row; the footprint suite shows it). Sendable because its owner
/// provides the protection.
struct ObserverTable: ~Copyable, @unchecked Sendable {
  private var heads: UnsafeMutablePointer<UnsafeMutablePointer<ObserverNode>?>?
  /// How many heads `heads` holds: every linked node's bit is below it.
  private var capacity = 0
  /// The bits that have at least one linked node.
  private(set) var watched: UInt64 = 0
  /// The number of linked nodes.
  private(set) var count = 0

  init() {}

  deinit {
    heads?.deallocate()
  }

  /// Links the nodes whose observer is still armed.
  /// - Returns: how many nodes were skipped because the observer was not armed.
  mutating func link(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    // The observer may have fired through another registrar while it was being
    // installed; linking it now would leave a node nobody unlinks until the next
    // write of that field.
    guard nodes.pointee.observer._withUnsafeGuaranteedRef({ $0.isArmed }) else { return count }
    // A run's bits ascend (`Observer.make`): its last is its highest.
    let top = Int(nodes[count - 1].bit)
    let heads = top < capacity ? self.heads.unsafelyUnwrapped : allocateHeads(holding: top)
    for i in 0..<count {
      let node = nodes + i
      let bit = Int(node.pointee.bit)
      node.pointee.prev = nil
      node.pointee.next = heads[bit]
      heads[bit]?.pointee.prev = node
      heads[bit] = node
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
      heads![bit] = node.pointee.next
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
    guard let heads else { return }
    var bits = mask & watched
    while bits != 0 {
      let bit = bits.trailingZeroBitCount
      bits &= bits &- 1
      var cursor = heads[bit]
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
    guard let heads else { return nil }
    var chain: UnsafeMutablePointer<ObserverNode>?
    var bits = watched
    while bits != 0 {
      let bit = bits.trailingZeroBitCount
      bits &= bits &- 1
      while let node = heads[bit] {
        unlink(node)
        node.pointee.fireNext = chain
        chain = node
      }
    }
    heads.deallocate()
    self.heads = nil
    capacity = 0
    return chain
  }

  /// Heads for bits up to `bit` at least (a power of two, 4 to 64), the linked
  /// ones moved over: nodes point at each other, never into the heads.
  private mutating func allocateHeads(holding bit: Int) -> UnsafeMutablePointer<UnsafeMutablePointer<ObserverNode>?> {
    let grown = min(64, max(4, 2 * capacity, 1 &<< (Int.bitWidth - bit.leadingZeroBitCount)))
    let heads = UnsafeMutablePointer<UnsafeMutablePointer<ObserverNode>?>.allocate(capacity: grown)
    if let old = self.heads {
      heads.moveInitialize(from: old, count: capacity)
      old.deallocate()
    }
    (heads + capacity).initialize(repeating: nil, count: grown - capacity)
    self.heads = heads
    capacity = grown
    return heads
  }
}
