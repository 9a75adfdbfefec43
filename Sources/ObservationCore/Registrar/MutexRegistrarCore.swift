import Synchronization

/// The observer tables of `MutexRegistrar`s, behind a mutex.
final class MutexRegistrarCore: RegistrarCore, @unchecked Sendable {
  private struct State: ~Copyable, @unchecked Sendable {
    var table = ObserverTable()
    var fronts: FrontList<MutexRegistrar>
    var isRetired = false

    /// Publishes the watched mask to every registrar sharing the tables.
    func publish() {
      let watched = table.watched
      fronts.forEach { $0.watched.store(watched, ordering: .releasing) }
    }
  }

  private let state: Mutex<State>

  init(front: MutexRegistrar) {
    state = Mutex(State(fronts: FrontList(front)))
  }

  private func withState<R>(_ body: (inout State) -> R) -> R {
    var result: R?
    state.withLock { state in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      result = body(&state)
    }
    return result.unsafelyUnwrapped
  }

  /// Takes what a mutation of `mask` must notify.
  func collect(_ mask: UInt64) -> FirePlan {
    withState { state in
      var plan = FirePlan()
      state.table.collect(mask, into: &plan)
      state.publish()
      return plan
    }
  }

  override func link(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    withState { state in
      if state.isRetired { return count }
      let skipped = state.table.link(nodes, count: count)
      state.publish()
      return skipped
    }
  }

  override func unlink(_ nodes: UnsafeMutablePointer<ObserverNode>, count: Int) -> Int {
    withState { state in
      let unlinked = state.table.unlink(nodes, count: count)
      state.publish()
      return unlinked
    }
  }

  /// Adds a registrar that shares these tables.
  func attach(_ front: MutexRegistrar) {
    withState { state in
      state.fronts.append(front)
      state.publish()
    }
  }

  /// Removes a registrar that died; the last one retires the core.
  func detach(_ front: MutexRegistrar) {
    let chain = withState { state -> UnsafeMutablePointer<ObserverNode>? in
      state.fronts.remove(front)
      guard state.fronts.isEmpty else { return nil }
      state.isRetired = true
      return state.table.unlinkEverything()
    }
    ObserverNode.countUnlinked(chain)
  }

  var count: Int {
    withState { $0.table.count }
  }
}
