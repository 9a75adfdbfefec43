/// The observer lists of one registrar: one doubly linked list per field bit.
///
/// A plain value with no synchronisation of its own: `MutexRegistrar` keeps it
/// behind a mutex, `ActorRegistrar` in its actor's isolation. The heads of the
/// first four bits are held inline, the other 60 allocated on the first link of
/// one of them: a row or model observed on a field or two (most of them; a
/// field's bit is its number) needs no allocation for its table, where 64
/// heads allocated on the first link cost every observed row an allocation of
/// 512 bytes (`reported/create-clear[1000]`: 1.3 KB per `+identity` row
/// against apple's 1.1 KB). Sendable because its owner provides the protection.
struct ObserverTable: ~Copyable, @unchecked Sendable {
  private typealias Head = UnsafeMutablePointer<ObserverNode>?
  private var head0: Head = nil
  private var head1: Head = nil
  private var head2: Head = nil
  private var head3: Head = nil
  /// The heads of bits 4 to 63, allocated on the first link of one of them.
  private var spilled: UnsafeMutablePointer<Head>?
  /// The bits that have at least one linked node.
  private(set) var watched: UInt64 = 0
  /// The number of linked nodes.
  private(set) var count = 0

  init() {}

  deinit {
    spilled?.deallocate()
  }

  /// The head of the list of `bit`.
  private func head(_ bit: Int) -> Head {
    switch bit {
    case 0: return head0
    case 1: return head1
    case 2: return head2
    case 3: return head3
    default: return spilled?[bit - 4] ?? nil
    }
  }

  private mutating func setHead(_ bit: Int, _ node: Head) {
    switch bit {
    case 0: head0 = node
    case 1: head1 = node
    case 2: head2 = node
    case 3: head3 = node
    default: (spilled ?? allocateSpilled())[bit - 4] = node
    }
  }

  /// Links the nodes whose observer is still armed.
  /// - Returns: how many nodes were skipped because the observer was not armed.
  mutating func link(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    // The observer may have fired through another registrar while it was being
    // installed; linking it now would leave a node nobody unlinks until the next
    // write of that field.
    guard nodes.pointee.observer._withUnsafeGuaranteedRef({ $0.isArmed }) else { return count }
    for i in 0..<count {
      let node = nodes + i
      let bit = Int(node.pointee.bit)
      let head = head(bit)
      node.pointee.prev = nil
      node.pointee.next = head
      head?.pointee.prev = node
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
    spilled?.deallocate()
    spilled = nil
    return chain
  }

  private mutating func allocateSpilled() -> UnsafeMutablePointer<Head> {
    let spilled = UnsafeMutablePointer<Head>.allocate(capacity: 60)
    spilled.initialize(repeating: nil, count: 60)
    self.spilled = spilled
    return spilled
  }
}
