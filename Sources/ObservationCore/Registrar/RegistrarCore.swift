import Synchronization

/// The observer tables of a registrar, and of the registrars that replaced it as a
/// store's root: what observers link into and keep alive.
///
/// Split from the registrar so that an observer never keeps a model's registrar
/// alive: when the last registrar sharing a core dies, the core is retired — every
/// node is unlinked and each observer is told outside the protection, so one whose
/// nodes are all gone is freed as soon as nothing else holds it. A retired core
/// links nothing more. Subclasses differ in what protects the tables: a mutex, or
/// `ObservationActor`'s isolation.
class RegistrarCore: @unchecked Sendable {
  /// Where this core's entry probably sits in the access list of the scope
  /// that read one of its registrars last: a hint, written and read relaxed by
  /// any scope on any thread, that a tracked read checks against the list
  /// itself (`AccessList.record`) before trusting it. A read that moves to an
  /// object already in the open scope's list then ORs a bit into its entry
  /// instead of appending a duplicate (and a retain).
  let listSlot = Atomic<UInt32>(UInt32.max)

  init() {}

  /// Links the `count` nodes at `nodes` (all of one observer) unless the observer
  /// is no longer armed or the core is retired.
  /// - Returns: how many nodes were skipped instead of linked.
  func link(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    preconditionFailure("subclass responsibility")
  }

  /// Unlinks those of the `count` nodes at `nodes` that are still linked.
  /// - Returns: how many were unlinked by this call.
  func unlink(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    preconditionFailure("subclass responsibility")
  }
}

/// The registrars sharing one core (almost always exactly one), held unretained:
/// each removes itself in its `deinit`.
struct FrontList<Front: AnyObject> {
  private var first: Unmanaged<Front>?
  private var more: [Unmanaged<Front>] = []

  init(_ front: Front) {
    first = Unmanaged.passUnretained(front)
  }

  var isEmpty: Bool { first == nil }

  mutating func append(_ front: Front) {
    if first == nil { first = Unmanaged.passUnretained(front) } else { more.append(Unmanaged.passUnretained(front)) }
  }

  mutating func remove(_ front: Front) {
    let gone = Unmanaged.passUnretained(front).toOpaque()
    if first?.toOpaque() == gone {
      first = more.popLast()
    } else if let index = more.firstIndex(where: { $0.toOpaque() == gone }) {
      more.remove(at: index)
    }
  }

  /// Calls `body` with each registrar; they are alive while listed.
  func forEach(_ body: (Front) -> Void) {
    guard let first else { return }
    first._withUnsafeGuaranteedRef(body)
    for front in more { front._withUnsafeGuaranteedRef(body) }
  }
}

extension ObserverNode {
  /// Counts each node of a chain (linked through `fireNext`) as unlinked: called
  /// after the protection is released, because the last count of an observer
  /// frees it and its closure, whose captures may run code that writes to the
  /// model again.
  static func countUnlinked(_ chain: UnsafeMutablePointer<ObserverNode>?) {
    var cursor = chain
    while let node = cursor {
      cursor = node.pointee.fireNext
      node.pointee.fireNext = nil
      node.pointee.observer._withUnsafeGuaranteedRef { $0.nodesUnlinked(1) }
    }
  }
}
