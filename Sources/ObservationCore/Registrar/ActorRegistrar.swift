/// A registrar whose observer tables are isolated state of `ObservationActor`:
/// no lock, no atomic. The `actor` of strategy ids.
///
/// Every call — reads and writes of the model, installing, firing and cancelling
/// observations — must be made in `ObservationActor`'s isolation (debug builds
/// check). Inside it each call is synchronous; code outside pays a hop with
/// `ObservationActor.run`.
public final class ActorRegistrar: RegistrarBase, ObservationRegistrar, @unchecked Sendable {
  public typealias Guard = IsolationGuard

  public static var id: String { "actor" }

  // Protected by ObservationActor's isolation, not by Swift's checker: the
  // registrar is called from generic nonisolated code that runs on the actor.
  private var table = ObserverTable()
  @usableFromInline var watched: UInt64 = 0

  public override required init() {
    super.init()
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
    var plan = collect(mask)
    plan.fireOneShots()
    return plan
  }

  private func collect(_ mask: UInt64) -> FirePlan {
    assertIsolated()
    var plan = FirePlan()
    table.collect(mask, into: &plan)
    watched = table.watched
    return plan
  }

  override func link(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    assertIsolated()
    let skipped = table.link(nodes, count: count)
    watched = table.watched
    return skipped
  }

  override func unlink(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    assertIsolated()
    let unlinked = table.unlink(nodes, count: count)
    watched = table.watched
    return unlinked
  }

  override func notify(_ mask: UInt64) {
    withMutation(mask) {}
  }

  override func takePlan(_ mask: UInt64) -> FirePlan {
    isUnwatched(mask) ? FirePlan() : collect(mask)
  }

  public override var observationCount: Int {
    assertIsolated()
    return table.count
  }

  private func assertIsolated() {
    #if DEBUG
    ObservationActor.shared.assertIsolated("an ActorRegistrar was used outside ObservationActor")
    #endif
  }
}
