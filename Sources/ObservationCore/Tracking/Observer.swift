import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
final class Observer: @unchecked Sendable {
  private static let armed: UInt8 = 0
  private static let fired: UInt8 = 1
  private static let cancelled: UInt8 = 2

  private let state = Atomic<UInt8>(Observer.armed)
  private let linkedCount: Atomic<Int>
  let isPersistent: Bool
  let onChange: @Sendable () -> Void
  private let nodes: UnsafeMutablePointer<ObserverNode>
  private let nodeCount: Int

  /// Creates the observer and its nodes from `list` and links it into the core of
  /// every registrar read. Empties `list`, dropping its references to the
  /// registrars once the observer is linked (so none dies mid-install).
  ///
  /// - Returns: `nil` when the list recorded no read (nothing to observe).
  static func install(
    from list: inout AccessList, persistent: Bool, onChange: @escaping @Sendable () -> Void
  ) -> Observer? {
    list.mergeDuplicates()
    guard list.count > 0 else { return nil }
    let total = prepareMasks(of: &list)
    let observer = Observer(list: list, total: total, persistent: persistent, onChange: onChange)
    observer.link()
    list.removeAll()
    return observer
  }

  /// Clears, in entries of registrars that share a core with an earlier entry, the
  /// bits that entry already has, so that each (core, bit) gets one node.
  /// - Returns: the number of nodes the entries need.
  private static func prepareMasks(of list: inout AccessList) -> Int {
    var total = 0
    let entries = list.entries
    for i in entries.indices {
      let core = entries[i].registrar._withUnsafeGuaranteedRef { $0.linkingCore() }
      if core._withUnsafeGuaranteedRef({ $0.isShared.load(ordering: .relaxed) }) {
        for j in 0..<i
        where entries[j].registrar._withUnsafeGuaranteedRef({ $0.linkingCore() }).toOpaque() == core.toOpaque() {
          entries[i].mask &= ~entries[j].mask
        }
      }
      total += entries[i].mask.nonzeroBitCount
    }
    return total
  }

  private init(
    list: AccessList, total: Int, persistent: Bool, onChange: @escaping @Sendable () -> Void
  ) {
    self.isPersistent = persistent
    self.onChange = onChange
    self.nodeCount = total
    self.linkedCount = Atomic(total)
    // malloc, not `allocate(capacity:)`: the runtime's allocation took the
    // aligned path (posix_memalign) for this buffer, 20–28 more instructions per
    // scope installed (callgrind, `scopes/track-fire`); a node needs no more than
    // malloc's alignment.
    self.nodes = malloc(MemoryLayout<ObserverNode>.stride * total)!
      .bindMemory(to: ObserverNode.self, capacity: total)
    // `self` is fully initialised only now; the nodes refer back to it unretained.
    let me = Unmanaged.passUnretained(self)
    var n = 0
    for entry in list.entries where entry.mask != 0 {
      let core = entry.registrar._withUnsafeGuaranteedRef { $0.linkingCore() }.retain()
      var bits = entry.mask
      var isRunStart = true
      while bits != 0 {
        let bit = UInt8(bits.trailingZeroBitCount)
        bits &= bits &- 1
        (nodes + n).initialize(
          to: ObserverNode(observer: me, registrar: core, bit: bit, isRunStart: isRunStart))
        isRunStart = false
        n += 1
      }
    }
  }

  deinit {
    forEachRegistrarRun { core, _, _ in core.release() }
    nodes.deinitialize(count: nodeCount)
    free(nodes)
  }

  /// Whether the observer can still fire.
  var isArmed: Bool { state.load(ordering: .acquiring) == Observer.armed }

  /// Whether the observer was cancelled before it fired.
  var isCancelled: Bool { state.load(ordering: .acquiring) == Observer.cancelled }

  /// Claims the one-shot fire: true for exactly one caller, and only if the
  /// observer was not cancelled first.
  func claim() -> Bool {
    state.compareExchange(
      expected: Observer.armed, desired: Observer.fired, ordering: .acquiringAndReleasing
    ).exchanged
  }

  /// Runs after this thread claimed the fire of a node it unlinked (not yet
  /// counted): calls `onChange`, then unlinks the other nodes.
  func didFire() {
    onChange()
    // The one claimed node is counted only now, so that the tables' reference
    // keeps the observer alive through the call.
    nodesUnlinked(nodeCount == 1 ? 1 : unlinkAll() + 1)
  }

  /// Cancels the observation: it will not fire, and it leaves every table.
  /// Cancelling a fired or cancelled observer does nothing.
  func cancel() {
    guard state.compareExchange(
      expected: Observer.armed, desired: Observer.cancelled, ordering: .acquiringAndReleasing
    ).exchanged else { return }
    nodesUnlinked(unlinkAll())
  }

  /// Counts `n` nodes as no longer linked; the last one ends the observer (it can
  /// no longer fire: its models died, or it fired or was cancelled) and drops the
  /// tables' reference to it.
  func nodesUnlinked(_ n: Int) {
    guard n > 0 else { return }
    if linkedCount.subtract(n, ordering: .acquiringAndReleasing).newValue == 0 {
      if state.load(ordering: .relaxed) == Observer.armed {
        _ = state.compareExchange(
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

  private func unlinkAll() -> Int {
    var unlinked = 0
    forEachRegistrarRun { core, start, count in
      unlinked += core._withUnsafeGuaranteedRef { $0.unlink(start, count: count) }
    }
    return unlinked
  }

  /// Calls `body` once per run of nodes made from one access-list entry (one
  /// core; a core shared by two registrars read may have two runs).
  private func forEachRegistrarRun(
    _ body: (Unmanaged<RegistrarCore>, UnsafeMutablePointer<ObserverNode>, Int) -> Void
  ) {
    var start = 0
    while start < nodeCount {
      var end = start + 1
      while end < nodeCount && !nodes[end].isRunStart { end += 1 }
      body(nodes[start].registrar, nodes + start, end - start)
      start = end
    }
  }
}
