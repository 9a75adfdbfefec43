import Synchronization

/// A registrar whose observer tables sit behind a `Synchronization.Mutex`:
/// callable from any thread. The `lock` of strategy ids.
///
/// An atomic mask of the watched field bits is checked before the lock, so a write
/// that nobody observes costs one load and never locks. Observers are called after
/// the lock is released. The tables live in a `MutexRegistrarCore` made on the
/// first observation; a model never observed pays nothing for it.
public final class MutexRegistrar: RegistrarBase, ObservationRegistrar, @unchecked Sendable {
  public typealias Guard = MutexGuard

  public static var id: String { "lock" }

  public static var isolation: RegistrarIsolation { .anyThread }

  /// A copy of the core table's `watched` mask, written under the core's lock,
  /// read without it.
  @usableFromInline let watched = Atomic<UInt64>(0)
  /// The core, retained once; set once, never changed.
  private let coreSlot = Atomic<UnsafeMutableRawPointer?>(nil)

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

  override func linkingCore() -> Unmanaged<RegistrarCore> {
    if let core { return core.asCore }
    let fresh = Unmanaged.passRetained(MutexRegistrarCore(front: self))
    let (exchanged, original) = coreSlot.compareExchange(
      expected: nil, desired: fresh.toOpaque(), ordering: .acquiringAndReleasing
    )
    if exchanged { return fresh.asCore }
    fresh.release()
    return Unmanaged<MutexRegistrarCore>.fromOpaque(original!).asCore
  }

  override func adoptObservers(of predecessor: RegistrarBase) -> Bool {
    let predecessor = unsafeDowncast(predecessor, to: MutexRegistrar.self)
    guard let shared = predecessor.core else { return true }
    _ = shared.retain()
    guard coreSlot.compareExchange(
      expected: nil, desired: shared.toOpaque(), ordering: .acquiringAndReleasing
    ).exchanged else {
      shared.release()
      return false
    }
    shared._withUnsafeGuaranteedRef { $0.attach(self) }
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
