/// The observers one mutation must notify, taken from a registrar's table under
/// its protection and notified after it is released.
///
/// Calling observers outside the lock is what lets an `onChange` read, mutate or
/// open a new scope on the same object without deadlocking.
public struct FirePlan {
  /// One-shot observers this mutation took from the tables, chained through
  /// `fireNext`; each is claimed only when it is about to be called.
  var oneShot: UnsafeMutablePointer<ObserverNode>?
  /// The first persistent observer to call after the value is stored, retained
  /// once; kept out of `morePersistent` so that the common single observer costs
  /// no array allocation.
  var firstPersistent: Unmanaged<Observer>?
  /// The other persistent observers, each retained once; `nil` until there
  /// is a second one. An empty array would still be a reference to release
  /// with every plan, also the one-shot fire's, where no array is ever made.
  var morePersistent: [Unmanaged<Observer>]?

  @usableFromInline
  init() {}

  /// Calls the one-shot observers (before the new value is stored) that are
  /// still armed, then unlinks their other nodes.
  ///
  /// Each is claimed (armed → fired) right before its call, so an observer
  /// cancelled by an earlier `onChange` of this same mutation is not called, and
  /// one fired meanwhile by another mutation is called by that one only. Nodes are
  /// counted here, outside any registrar's protection: the last count frees an
  /// observer and its closure.
  @usableFromInline
  mutating func fireOneShots() {
    while let node = oneShot {
      oneShot = node.pointee.fireNext
      node.pointee.fireNext = nil
      let observer = node.pointee.observer
      if observer._withUnsafeGuaranteedRef({ $0.claim() }) {
        observer._withUnsafeGuaranteedRef { $0.didFire(node) }
      } else {
        observer._withUnsafeGuaranteedRef { $0.nodesUnlinked(1) }
      }
    }
  }

  /// Completes a write begun with `ObservationRegistrar.willSet`: notifies the
  /// persistent observers now that the new value is stored.
  public consuming func didSet() {
    firePersistent()
  }

  /// Calls the persistent observers (after the new value is stored) unless they
  /// were cancelled meanwhile, and drops the references `collect` took.
  ///
  /// The check for none is inlined: most plans (every one-shot fire's) hold none.
  @usableFromInline @inline(__always)
  mutating func firePersistent() {
    guard let first = firstPersistent else { return }
    firePersistent(first)
  }

  @inline(never)
  private mutating func firePersistent(_ first: Unmanaged<Observer>) {
    firstPersistent = nil
    Self.call(first)
    guard let more = morePersistent else { return }
    morePersistent = nil
    for observer in more { Self.call(observer) }
  }

  /// Adds a persistent observer, retaining it.
  mutating func appendPersistent(_ observer: Unmanaged<Observer>) {
    let retained = observer.retain()
    if firstPersistent == nil {
      firstPersistent = retained
    } else if morePersistent == nil {
      morePersistent = [retained]
    } else {
      morePersistent!.append(retained)
    }
  }

  /// Calls the persistent observers of several plans, each observer once even
  /// if several plans hold it (a store send that changed several fields one
  /// observer read), and drops the plans' references.
  static func firePersistent(of plans: inout [FirePlan]) {
    var called = Set<ObjectIdentifier>()
    for i in plans.indices {
      guard let first = plans[i].firstPersistent else { continue }
      for observer in CollectionOfOne(first) + (plans[i].morePersistent ?? []) {
        let strong = observer.takeRetainedValue()
        if called.insert(ObjectIdentifier(strong)).inserted, strong.isArmed { strong.onChange() }
      }
      plans[i].firstPersistent = nil
      plans[i].morePersistent = nil
    }
  }

  private static func call(_ observer: Unmanaged<Observer>) {
    let strong = observer.takeRetainedValue()
    if strong.isArmed { strong.onChange() }
  }

  /// Drops the references `collect` took without calling anyone (the mutation
  /// threw).
  @usableFromInline
  mutating func discardPersistent() {
    firstPersistent?.release()
    firstPersistent = nil
    for observer in morePersistent ?? [] { observer.release() }
    morePersistent = nil
  }
}
