/// A registrar whose observer tables are isolated state of `ObservationActor`:
/// no lock, no atomic. The `actor` of strategy ids.
///
/// Every call — reads and writes of the model, installing, firing and cancelling
/// observations, and dropping the model's last reference — must be made in
/// `ObservationActor`'s isolation. Inside it each call is synchronous; code
/// outside pays a hop with `ObservationActor.run`. Debug builds check every
/// registrar operation; release builds do not check (a check of the current
/// executor costs more than the unobserved write it would guard), so a release
/// build that breaks the rule races silently: choose an `actor` strategy only for
/// models confined to one actor, as SwiftUI models are to the main actor.
public final class ActorRegistrar: RegistrarBase, ObservationRegistrar, @unchecked Sendable {
  public typealias Guard = IsolationGuard

  public static var id: String { "actor" }

  public static var isolation: RegistrarIsolation { .observationActor }

  // Protected by ObservationActor's isolation, not by Swift's checker: the
  // registrar is called from generic nonisolated code that runs on the actor.
  @exclusivity(unchecked) @usableFromInline var watched: UInt64 = 0

  public override required init() {
    super.init()
  }

  deinit {
    // The model died: observers can no longer be fired through this registrar.
    guard let core = existingCore else { return }
    core._withUnsafeGuaranteedRef { unsafeDowncast($0, to: ActorRegistrarCore.self).detach(self) }
    core.release()
  }

  /// The core, made on the first tracked read; set once. Unretained: the
  /// registrar holds it.
  private var core: Unmanaged<ActorRegistrarCore>? {
    coreSlot.load(ordering: .relaxed).map { Unmanaged.fromOpaque($0) }
  }

  @inlinable @inline(__always)
  public func isUnwatched(_ mask: UInt64) -> Bool { watched & mask == 0 }

  @inlinable @inline(__always)
  public func withMutation<T, E: Error>(
    _ mask: UInt64, _ mutation: () throws(E) -> T
  ) throws(E) -> T {
    if watched & mask == 0 { return try mutation() }
    return try withObservedMutation(mask, mutation)
  }

  public func willSet(_ mask: UInt64) -> FirePlan {
    var plan = takePlan(mask)
    plan.fireOneShots()
    return plan
  }

  override func makeCore() -> Unmanaged<RegistrarCore> {
    Unmanaged<RegistrarCore>.passRetained(ActorRegistrarCore(front: self))
  }

  override func adoptObservers(of predecessor: RegistrarBase) -> Bool {
    guard let shared = predecessor.existingCore else { return true }
    guard adoptCore(shared) else { return false }
    unsafeDowncast(shared.takeUnretainedValue(), to: ActorRegistrarCore.self).attach(self)
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
