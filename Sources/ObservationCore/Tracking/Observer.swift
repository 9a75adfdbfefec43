import Synchronization

/// An installed observation: the `onChange` of one tracking scope and the nodes
/// that link it into the registrars whose fields the scope read.
///
/// A small state machine, driven with atomics because registrars of different
/// objects may fire it concurrently:
///
///     armed ──claim()──▶ fired        (one-shot: the first mutation wins)
///     armed ──cancel()─▶ cancelled    (either kind)
///     armed ──last node unlinked──▶ cancelled   (every model it watched died)
///
/// A persistent observer never leaves `armed` by firing; it is called on every
/// mutation until cancelled. `fired` and `cancelled` are final.
///
/// Lifetime: the registrars' tables hold one reference to the observer for as long
/// as any of its nodes is linked (`linkedCount > 0`); the observer holds a strong
/// reference to the core of each registrar it is linked into (never to the
/// registrar itself), so a node never outlives its table. A model that dies
/// retires its core: the nodes are unlinked, and an observer with no linked node
/// left can never fire; it is ended (no longer armed) and freed once its token is
/// gone.
///
/// The nodes live in the observer's own allocation, after its header (a
/// `ManagedBuffer`): installing an observation allocates once, and the nodes are
/// freed with it. A subclass of `ManagedBuffer` may store nothing of its own;
/// everything is in ``ObserverHeader``, reached through pointers (an access to
/// the inherited `header` property would be checked for exclusivity at run time).
/// Safe to share between threads (its state is atomic, its nodes guarded by
/// their registrars), but not `Sendable` in type: `ManagedBuffer` makes that
/// conformance unavailable to every subclass, so ``ObservationToken`` vouches for
/// it instead.
final class Observer: ManagedBuffer<ObserverHeader, ObserverNode> {
  private static let armed: UInt8 = 0
  private static let fired: UInt8 = 1
  private static let cancelled: UInt8 = 2

  /// Creates the observer and its nodes from `list` and links it into the core of
  /// every registrar read. Empties `list`: its references to the cores pass to
  /// the observer.
  ///
  /// - Returns: `nil` when the list recorded no read (nothing to observe).
  static func install(
    from list: inout AccessList, persistent: Bool, onChange: consuming @escaping @Sendable () -> Void
  ) -> Observer? {
    list.mergeDuplicates()
    guard list.count > 0 else { return nil }
    let observer = make(list: list, persistent: persistent, onChange: onChange)
    list.forgetEntries()
    observer.link()
    return observer
  }

  /// Allocates the observer and makes one node per (core, bit) of `list` (one
  /// entry per core), the first node of each run holding the list's reference
  /// to its core.
  ///
  /// `onChange` is moved into the header once it exists, not captured by the
  /// header's factory: a capture would be copied out of the closure, one retain
  /// and one release of the caller's context per install.
  private static func make(
    list: AccessList, persistent: Bool, onChange: consuming @escaping @Sendable () -> Void
  ) -> Observer {
    var room = 0
    for entry in list.entries { room += entry.mask.nonzeroBitCount }
    let buffer = Observer.create(minimumCapacity: room) { buffer in
      // The nodes refer back to the observer unretained: the tables' reference
      // keeps it alive while any node is linked.
      let me = Unmanaged.passUnretained(unsafeDowncast(buffer, to: Observer.self))
      let nodeCount = buffer.withUnsafeMutablePointerToElements { nodes in
        var n = 0
        for entry in list.entries {
          let core = entry.core
          let runStart = n
          var bits = entry.mask
          while bits != 0 {
            let bit = UInt8(bits.trailingZeroBitCount)
            bits &= bits &- 1
            (nodes + n).initialize(to: ObserverNode(observer: me, registrar: core, bit: bit))
            n += 1
          }
          if n > runStart {
            // At most 64 bits per core.
            nodes[runStart].runLength = UInt8(truncatingIfNeeded: n - runStart)
          } else {
            core.release()
          }
        }
        return n
      }
      return ObserverHeader(
        linkedWord: nodeCount, stateWord: armed, isPersistent: persistent, nodeCount: nodeCount, onChange: {})
    }
    let observer = unsafeDowncast(buffer, to: Observer.self)
    observer.fields.pointee.onChange = onChange
    return observer
  }

  deinit {
    forEachRegistrarRun { core, _, _ in core.release() }
    // The nodes are plain values (pointers and flags): nothing to destroy.
    _ = withUnsafeMutablePointers { header, nodes in nodes.deinitialize(count: header.pointee.nodeCount) }
  }

  /// The header, at a fixed place in the observer's memory.
  @inline(__always)
  private var fields: UnsafeMutablePointer<ObserverHeader> {
    withUnsafeMutablePointerToHeader { $0 }
  }

  /// The first of the observer's `nodeCount` nodes.
  @inline(__always)
  private var nodes: UnsafeMutablePointer<ObserverNode> {
    withUnsafeMutablePointerToElements { $0 }
  }

  // The atomics are found by offset from the header, not through an inout
  // access to their fields (`&fields.pointee.stateWord`): such an access is a
  // formal write, which ThreadSanitizer reports as a race between threads that
  // only ever touch the word atomically.

  /// The nodes still linked, as the atomic it is: the header's first word.
  @inline(__always)
  private var linkedCount: UnsafeMutablePointer<Atomic<Int>> {
    UnsafeMutableRawPointer(fields).assumingMemoryBound(to: Atomic<Int>.self)
  }

  /// The state (`armed`, `fired`, `cancelled`), as the atomic it is: the byte
  /// after the linked count.
  @inline(__always)
  private var state: UnsafeMutablePointer<Atomic<UInt8>> {
    (UnsafeMutableRawPointer(fields) + ObserverHeader.stateOffset).assumingMemoryBound(to: Atomic<UInt8>.self)
  }

  private var nodeCount: Int { fields.pointee.nodeCount }

  /// Whether the observer is called on every mutation rather than once.
  var isPersistent: Bool { fields.pointee.isPersistent }

  /// What the observer calls.
  var onChange: @Sendable () -> Void { fields.pointee.onChange }

  /// Whether the observer can still fire.
  var isArmed: Bool { state.pointee.load(ordering: .acquiring) == Observer.armed }

  /// Whether the observer was cancelled before it fired.
  var isCancelled: Bool { state.pointee.load(ordering: .acquiring) == Observer.cancelled }

  /// Claims the one-shot fire: true for exactly one caller, and only if the
  /// observer was not cancelled first.
  func claim() -> Bool {
    state.pointee.compareExchange(
      expected: Observer.armed, desired: Observer.fired, ordering: .acquiringAndReleasing
    ).exchanged
  }

  /// Runs after this thread claimed the fire of `fired`, a node it unlinked (not
  /// yet counted): calls `onChange`, then unlinks the other nodes.
  func didFire(_ fired: UnsafeMutablePointer<ObserverNode>) {
    onChange()
    // The one claimed node is counted only now, so that the tables' reference
    // keeps the observer alive through the call.
    nodesUnlinked(nodeCount == 1 ? 1 : unlinkAll(except: fired) + 1)
  }

  /// Cancels the observation: it will not fire, and it leaves every table.
  /// Cancelling a fired or cancelled observer does nothing.
  func cancel() {
    guard
      state.pointee.compareExchange(
        expected: Observer.armed, desired: Observer.cancelled, ordering: .acquiringAndReleasing
      ).exchanged
    else { return }
    nodesUnlinked(unlinkAll())
  }

  /// Counts `n` nodes as no longer linked; the last one ends the observer (it can
  /// no longer fire: its models died, or it fired or was cancelled) and drops the
  /// tables' reference to it.
  func nodesUnlinked(_ n: Int) {
    guard n > 0 else { return }
    if linkedCount.pointee.subtract(n, ordering: .acquiringAndReleasing).newValue == 0 {
      if state.pointee.load(ordering: .relaxed) == Observer.armed {
        _ = state.pointee.compareExchange(
          expected: Observer.armed, desired: Observer.cancelled, ordering: .acquiringAndReleasing)
      }
      Unmanaged.passUnretained(self).release()
    }
  }

  private func link() {
    // The tables' reference, dropped by the last `nodesUnlinked`.
    _ = Unmanaged.passUnretained(self).retain()
    var skipped = 0
    forEachRegistrarRun { core, start, count in
      skipped += core._withUnsafeGuaranteedRef { $0.link(start, count: count) }
    }
    nodesUnlinked(skipped)
  }

  /// Unlinks every node still linked.
  ///
  /// `fired`, a node the caller's mutation unlinked, is not looked for: when it
  /// is alone in its run, that core is not asked at all (one lock fewer per
  /// fire). Nothing links it again, so its core would find nothing to unlink.
  private func unlinkAll(except fired: UnsafeMutablePointer<ObserverNode>? = nil) -> Int {
    var unlinked = 0
    forEachRegistrarRun { core, start, count in
      if count == 1 && start == fired { return }
      unlinked += core._withUnsafeGuaranteedRef { $0.unlink(start, count: count) }
    }
    return unlinked
  }

  /// Calls `body` once per run of nodes made from one access-list entry (one
  /// core).
  private func forEachRegistrarRun(
    _ body: (Unmanaged<RegistrarCore>, UnsafeMutablePointer<ObserverNode>, Int) -> Void
  ) {
    let nodes = self.nodes
    let nodeCount = self.nodeCount
    var start = 0
    while start < nodeCount {
      let count = Int(nodes[start].runLength)
      body(nodes[start].registrar, nodes + start, count)
      start += count
    }
  }
}
