import Synchronization

/// A registrar whose observer tables sit behind a `Synchronization.Mutex`:
/// callable from any thread. The `lock` of strategy ids.
///
/// An atomic mask of the watched field bits is checked before the lock, so a write
/// that nobody observes costs one load and never locks. Observers are called after
/// the lock is released. The tables live in a `MutexRegistrarCore` made on the
/// first tracked read; a model never read in a scope pays nothing for it.
public final class MutexRegistrar: RegistrarBase, ObservationRegistrar, @unchecked Sendable {
  public typealias Guard = MutexGuard

  public static var id: String { "lock" }

  public static var isolation: RegistrarIsolation { .anyThread }

  /// A copy of the core table's `watched` mask, written under the core's lock,
  /// read without it.
  @usableFromInline let watched = Atomic<UInt64>(0)

  public override required init() {
    super.init()
  }

  deinit {
    // The model died: observers can no longer be fired through this registrar.
    guard let core = core else { return }
    core._withUnsafeGuaranteedRef { $0.detach(self) }
    core.release()
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
    var plan = takePlan(mask)
    plan.fireOneShots()
    return plan
  }

  private var core: Unmanaged<MutexRegistrarCore>? {
    coreSlot.load(ordering: .acquiring).map { Unmanaged.fromOpaque($0) }
  }

  override func makeCore() -> Unmanaged<RegistrarCore> {
    Unmanaged.passRetained(MutexRegistrarCore(front: self)).asCore
  }

  override func adoptObservers(of predecessor: RegistrarBase) -> Bool {
    guard let shared = predecessor.existingCore else { return true }
    guard adoptCore(shared) else { return false }
    unsafeDowncast(shared.takeUnretainedValue(), to: MutexRegistrarCore.self).attach(self)
    return true
  }

  override func notify(_ mask: UInt64) {
    withMutation(mask) {}
  }

  override func takePlan(_ mask: UInt64) -> FirePlan {
    guard !isUnwatched(mask), let core else { return FirePlan() }
    return core._withUnsafeGuaranteedRef { $0.collect(mask) }
  }

  public override var observationCount: Int {
    core?._withUnsafeGuaranteedRef { $0.count } ?? 0
  }
}

extension Unmanaged where Instance == MutexRegistrarCore {
  /// The same reference as the base class, unretained.
  fileprivate var asCore: Unmanaged<RegistrarCore> { .fromOpaque(toOpaque()) }
}
