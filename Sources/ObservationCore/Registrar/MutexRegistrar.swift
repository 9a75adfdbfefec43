import Synchronization

/// A registrar whose observer tables sit behind a `Synchronization.Mutex`:
/// callable from any thread. The `lock` of strategy ids.
///
/// An atomic mask of the watched field bits is checked before the lock, so a write
/// that nobody observes costs one load and never locks. Observers are called after
/// the lock is released.
public final class MutexRegistrar: RegistrarBase, ObservationRegistrar, @unchecked Sendable {
  public typealias Guard = MutexGuard

  public static var id: String { "lock" }

  private let table = Mutex(ObserverTable())
  /// A copy of the table's `watched` mask, written under the lock, read without it.
  @usableFromInline let watched = Atomic<UInt64>(0)

  public override required init() {
    super.init()
  }

  @inlinable @inline(__always)
  public func isUnwatched(_ mask: UInt64) -> Bool {
    // Relaxed is enough: a writer ordered after `link` by any synchronisation
    // (a lock, a join, a semaphore) sees the bit by coherence; a writer racing with
    // `link` may miss it, as a write racing with the install may in Observation.
    watched.load(ordering: .relaxed) & mask == 0
  }

  @inlinable @inline(__always)
  public func withMutation<T, E: Error>(
    _ mask: UInt64, _ mutation: () throws(E) -> T
  ) throws(E) -> T {
    if isUnwatched(mask) { return try mutation() }
    return try withObservedMutation(mask, mutation)
  }

  public func willSet(_ mask: UInt64) -> FirePlan {
    var plan = collect(mask)
    plan.fireOneShots()
    return plan
  }

  private func collect(_ mask: UInt64) -> FirePlan {
    table.withLock { table in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      var plan = FirePlan()
      table.collect(mask, into: &plan)
      watched.store(table.watched, ordering: .releasing)
      return plan
    }
  }

  override func link(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    table.withLock { table in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      let skipped = table.link(nodes, count: count)
      watched.store(table.watched, ordering: .releasing)
      return skipped
    }
  }

  override func unlink(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    table.withLock { table in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      let unlinked = table.unlink(nodes, count: count)
      watched.store(table.watched, ordering: .releasing)
      return unlinked
    }
  }

  override func notify(_ mask: UInt64) {
    withMutation(mask) {}
  }

  override func takePlan(_ mask: UInt64) -> FirePlan {
    isUnwatched(mask) ? FirePlan() : collect(mask)
  }

  public override var observationCount: Int {
    table.withLock { table in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      return table.count
    }
  }
}
