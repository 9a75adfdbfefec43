/// The observer tables of `ActorRegistrar`s, isolated to `ObservationActor`.
final class ActorRegistrarCore: RegistrarCore, @unchecked Sendable {
  // Protected by ObservationActor's isolation (checked in debug builds), which
  // already rules out overlapping access: the dynamic exclusivity checks of class
  // properties (a begin and an end per access, ~500 instructions per track-fire
  // cycle) would only repeat it. No access calls out while it lasts.
  @exclusivity(unchecked) private var table = ObserverTable()
  @exclusivity(unchecked) private var fronts: FrontList<ActorRegistrar>
  @exclusivity(unchecked) private var isRetired = false

  init(front: ActorRegistrar) {
    fronts = FrontList(front)
  }

  /// Publishes the watched mask to every registrar sharing the tables.
  private func publish() {
    let watched = table.watched
    fronts.forEach { $0.watched = watched }
  }

  /// Takes what a mutation of `mask` must notify.
  func collect(_ mask: UInt64) -> FirePlan {
    assertIsolated()
    var plan = FirePlan()
    table.collect(mask, into: &plan)
    publish()
    return plan
  }

  override func link(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    assertIsolated()
    if isRetired { return count }
    let skipped = table.link(nodes, count: count)
    publish()
    return skipped
  }

  override func unlink(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    assertIsolated()
    let unlinked = table.unlink(nodes, count: count)
    publish()
    return unlinked
  }

  /// Adds a registrar that shares these tables.
  func attach(_ front: ActorRegistrar) {
    assertIsolated()
    fronts.append(front)
    publish()
  }

  /// Removes a registrar that died; the last one retires the core.
  func detach(_ front: ActorRegistrar) {
    fronts.remove(front)
    guard fronts.isEmpty else { return }
    isRetired = true
    // A model may die anywhere (its last reference dropped where a benchmark or a
    // test tears down), so this is not checked for isolation: with every
    // registrar of the tables gone, nothing but a racing cancel of one of its
    // observers can touch them. Retiring on the actor instead (a task) is the
    // sound fix; it was tried and reverted this session because its release-build
    // tests did not settle.
    guard table.count > 0 else { return }
    ObserverNode.countUnlinked(table.unlinkEverything())
  }

  var count: Int {
    assertIsolated()
    return table.count
  }

  private func assertIsolated() {
    #if DEBUG
    ObservationActor.shared.assertIsolated("an ActorRegistrar was used outside ObservationActor")
    #endif
  }
}
