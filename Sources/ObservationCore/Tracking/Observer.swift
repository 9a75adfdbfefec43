import Synchronization

/// An installed observation: the `onChange` of one tracking scope and the nodes
/// that link it into the registrars whose fields the scope read.
///
/// A small state machine, driven with atomics because registrars of different
/// objects may fire it concurrently:
///
///     armed ──claim()──▶ fired        (one-shot: the first mutation wins)
///     armed ──cancel()─▶ cancelled    (either kind)
///
/// A persistent observer never leaves `armed` by firing; it is called on every
/// mutation until cancelled. `fired` and `cancelled` are final.
///
/// Lifetime: the registrars' tables hold one reference to the observer for as long
/// as any of its nodes is linked (`linkedCount > 0`); the observer holds a strong
/// reference to each registrar it is linked into, so a node never outlives its
/// registrar, and a model that dies while observed keeps only its registrar alive
/// until the observer is fired or cancelled.
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

  /// Creates the observer and its nodes from `list`, taking over the list's
  /// registrar references, and links it into every registrar. Empties `list`.
  ///
  /// - Returns: `nil` when the list recorded no read (nothing to observe).
  static func install(
    from list: inout AccessList, persistent: Bool, onChange: @escaping @Sendable () -> Void
  ) -> Observer? {
    list.mergeDuplicates()
    guard list.count > 0 else { return nil }
    let observer = Observer(taking: &list, persistent: persistent, onChange: onChange)
    observer.link()
    return observer
  }

  private init(
    taking list: inout AccessList, persistent: Bool, onChange: @escaping @Sendable () -> Void
  ) {
    var total = 0
    for entry in list.entries { total += entry.mask.nonzeroBitCount }
    self.isPersistent = persistent
    self.onChange = onChange
    self.nodeCount = total
    self.linkedCount = Atomic(total)
    self.nodes = .allocate(capacity: total)
    // `self` is fully initialised only now; the nodes refer back to it unretained.
    let me = Unmanaged.passUnretained(self)
    var n = 0
    for entry in list.entries {
      var bits = entry.mask
      while bits != 0 {
        let bit = UInt8(bits.trailingZeroBitCount)
        bits &= bits &- 1
        (nodes + n).initialize(to: ObserverNode(observer: me, registrar: entry.registrar, bit: bit))
        n += 1
      }
    }
    list.forgetEntries()
  }

  deinit {
    forEachRegistrarRun { registrar, _, _ in registrar.release() }
    nodes.deinitialize(count: nodeCount)
    nodes.deallocate()
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

  /// Runs after this thread claimed the fire and unlinked one node (not yet
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

  /// Counts `n` nodes as no longer linked; the last one drops the tables'
  /// reference to the observer.
  func nodesUnlinked(_ n: Int) {
    guard n > 0 else { return }
    if linkedCount.subtract(n, ordering: .acquiringAndReleasing).newValue == 0 {
      Unmanaged.passUnretained(self).release()
    }
  }

  private func link() {
    // The tables' reference, dropped by the last `nodesUnlinked`.
    _ = Unmanaged.passUnretained(self).retain()
    var skipped = 0
    forEachRegistrarRun { registrar, start, count in
      skipped += registrar._withUnsafeGuaranteedRef { $0.link(start, count: count) }
    }
    nodesUnlinked(skipped)
  }

  private func unlinkAll() -> Int {
    var unlinked = 0
    forEachRegistrarRun { registrar, start, count in
      unlinked += registrar._withUnsafeGuaranteedRef { $0.unlink(start, count: count) }
    }
    return unlinked
  }

  /// Calls `body` once per run of consecutive nodes that share a registrar.
  private func forEachRegistrarRun(
    _ body: (Unmanaged<RegistrarBase>, UnsafeMutablePointer<ObserverNode>, Int) -> Void
  ) {
    var start = 0
    while start < nodeCount {
      let registrar = nodes[start].registrar
      var end = start + 1
      while end < nodeCount && nodes[end].registrar.toOpaque() == registrar.toOpaque() { end += 1 }
      body(registrar, nodes + start, end - start)
      start = end
    }
  }
}
