import CObservationSupport

/// What one store `send` changed, gathered while its reducer runs and notified
/// once it returned and the state is unlocked.
///
/// Instrumented setters find the running send's list through a thread-local
/// pointer; outside a send they note nothing (a state copy outside a store has no
/// observers of its own). With per-field invalidation a write is noted only if
/// someone watches that field, so an unobserved write stays one load and a
/// branch; with whole invalidation a flag says that anything changed.
public struct ChangeList {
  /// The first registrar written, retained, and the bits written on it: a send
  /// that writes one registrar (one row's field, the usual case) needs no list.
  @usableFromInline var first: Unmanaged<RegistrarBase>?
  @usableFromInline var firstMask: UInt64 = 0
  /// The other registrars written, once there are any: a spare list of the
  /// thread's pool.
  @usableFromInline var writes: UnsafeMutablePointer<AccessList>?
  @usableFromInline var changed = false
  /// Whether the send may have ended a child state (`noteEnding()`).
  @usableFromInline var mayHaveEnded = false

  @usableFromInline
  init() {}

  /// Notes a write of the fields in `mask` of `registrar` for the running send.
  @inlinable @inline(__always)
  static func noteWrite<S: ObservationStrategy>(
    of registrar: S.Registrar, _ mask: UInt64, _: S.Type
  ) {
    noteWrite(ofUnretained: Unmanaged.passUnretained(registrar), mask, S.self)
  }

  /// `noteWrite(of:_:_:)` for a registrar its caller holds through the state
  /// being written: a setter's registrar loaded from the state it mutates and
  /// passed as a reference is retained and released around the check, watched
  /// or not (two atomics per write), because the state's memory might change
  /// under a call for all the compiler can tell.
  @inlinable @inline(__always)
  static func noteWrite<S: ObservationStrategy>(
    ofUnretained registrar: Unmanaged<S.Registrar>, _ mask: UInt64, _: S.Type
  ) {
    if S.Invalidation.isPerField {
      if registrar._withUnsafeGuaranteedRef({ $0.isUnwatched(mask) }) { return }
      guard let list = obs_thread_changes_get() else { return }
      registrar._withUnsafeGuaranteedRef { list.assumingMemoryBound(to: ChangeList.self).pointee.record($0, mask) }
    } else {
      guard let list = obs_thread_changes_get() else { return }
      list.assumingMemoryBound(to: ChangeList.self).pointee.changed = true
    }
  }

  /// Holds `registrar` for the running send while anyone watches it: a state
  /// about to be lent out for a change that may replace it (a row of an
  /// identified collection), whose observers must then still hear of it.
  /// `noteWrite(ofHeld:_:_:)` notes that write afterwards, by identity.
  ///
  /// The hold is the reference a write of the state's own fields takes anyway
  /// (`record`): an update in place costs one retain and one release, not two
  /// of each. Nobody watching, nothing is held: a replacement would notify
  /// nobody.
  @inlinable @inline(__always)
  static func hold<S: ObservationStrategy>(_ registrar: Unmanaged<S.Registrar>, _: S.Type) {
    guard S.Invalidation.isPerField else { return }
    if registrar._withUnsafeGuaranteedRef({ $0.isUnwatched(~0) }) { return }
    guard let list = obs_thread_changes_get() else { return }
    registrar._withUnsafeGuaranteedRef { list.assumingMemoryBound(to: ChangeList.self).pointee.hold($0) }
  }

  /// Notes a write of the fields in `mask` of the registrar whose identity is
  /// `identity`, held by `hold(_:_:)` for the running send; nothing if it was
  /// not (nobody watched it).
  @inlinable @inline(__always)
  static func noteWrite<S: ObservationStrategy>(ofHeld identity: UInt64, _ mask: UInt64, _: S.Type) {
    guard let list = obs_thread_changes_get() else { return }
    if S.Invalidation.isPerField {
      list.assumingMemoryBound(to: ChangeList.self).pointee.recordHeld(identity, mask)
    } else {
      list.assumingMemoryBound(to: ChangeList.self).pointee.changed = true
    }
  }

  /// Notes that the running send may have ended a child state: removed or
  /// replaced a row, set an optional child to nil or replaced it. Noted whether
  /// or not anyone observes it: row and optional stores found present before
  /// the send must look again before their next send.
  @inlinable @inline(__always)
  static func noteEnding() {
    guard let list = obs_thread_changes_get() else { return }
    list.assumingMemoryBound(to: ChangeList.self).pointee.mayHaveEnded = true
  }

  /// Whether the send running on this thread noted a possible ending so far.
  @inlinable
  static var runningMayHaveEnded: Bool {
    guard let list = obs_thread_changes_get() else { return false }
    return list.assumingMemoryBound(to: ChangeList.self).pointee.mayHaveEnded
  }

  @usableFromInline
  mutating func record(_ registrar: RegistrarBase, _ mask: UInt64) {
    changed = true
    guard let first else {
      // Retained: the reducer may drop the last copy of the state holding it
      // (a row removed after it was written), and its observers still hear of it.
      self.first = Unmanaged.passUnretained(registrar).retain()
      firstMask = mask
      return
    }
    if first.toOpaque() == Unmanaged.passUnretained(registrar).toOpaque() {
      firstMask |= mask
      return
    }
    if writes == nil { writes = ScratchPool.acquire(holdingRegistrars: true) }
    writes.unsafelyUnwrapped.pointee.recordWrite(registrar, mask)
  }

  /// Takes a reference to `registrar` for this send without noting a write.
  @usableFromInline
  mutating func hold(_ registrar: RegistrarBase) {
    guard let first else {
      self.first = Unmanaged.passUnretained(registrar).retain()
      firstMask = 0
      return
    }
    if first.toOpaque() == Unmanaged.passUnretained(registrar).toOpaque() { return }
    if writes == nil { writes = ScratchPool.acquire(holdingRegistrars: true) }
    writes.unsafelyUnwrapped.pointee.recordWrite(registrar, 0)
  }

  /// Notes a write of `mask` on the held registrar whose identity is `identity`.
  @usableFromInline
  mutating func recordHeld(_ identity: UInt64, _ mask: UInt64) {
    if let first, first._withUnsafeGuaranteedRef({ $0.identity }) == identity {
      changed = true
      firstMask |= mask
      return
    }
    guard let writes else { return }
    let entries = writes.pointee.entries
    for i in entries.indices where entries[i].registrar._withUnsafeGuaranteedRef({ $0.identity }) == identity {
      changed = true
      entries[i].mask |= mask
      return
    }
  }

  /// Runs `body` with this list receiving the changes noted on this thread.
  @inlinable
  mutating func collect<R>(_ body: () -> R) -> R {
    let outer = obs_thread_changes_get()
    defer { obs_thread_changes_set(outer) }
    return withUnsafeMutablePointer(to: &self) { me in
      obs_thread_changes_set(me)
      return body()
    }
  }

  /// Empties the list of the send running on this thread without notifying
  /// anyone: what a send that turned out to change nothing noted on its way
  /// (a walk down that found no state).
  @usableFromInline
  static func discardRunning() {
    guard let list = obs_thread_changes_get() else { return }
    list.assumingMemoryBound(to: ChangeList.self).pointee.discard()
  }

  /// Empties the list without notifying anyone.
  mutating func discard() {
    changed = false
    if let first {
      self.first = nil
      first.release()
    }
    guard let writes else { return }
    writes.pointee.removeAll()
    ScratchPool.release(writes)
    self.writes = nil
  }

  /// Notifies the observers of every noted write, then empties the list.
  ///
  /// Each observer is notified once per send, however many of the registrars it
  /// read were written: the plans of all registrars are taken first, then the
  /// one-shot observers fire (each was claimed once) and the persistent ones are
  /// called once each.
  @usableFromInline
  mutating func notify() {
    guard let first else { return }
    self.first = nil
    defer { first.release() }
    guard let writes else {
      first._withUnsafeGuaranteedRef { $0.notify(firstMask) }
      return
    }
    // The list never holds `first`: `record` keeps its bits apart.
    writes.pointee.mergeDuplicates()
    var plans = [first._withUnsafeGuaranteedRef { $0.takePlan(firstMask) }]
    plans.reserveCapacity(1 + writes.pointee.count)
    for entry in writes.pointee.entries {
      plans.append(entry.registrar._withUnsafeGuaranteedRef { $0.takePlan(entry.mask) })
    }
    for i in plans.indices { plans[i].fireOneShots() }
    FirePlan.firePersistent(of: &plans)
    writes.pointee.removeAll()
    ScratchPool.release(writes)
    self.writes = nil
  }
}
