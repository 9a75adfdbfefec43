/// The observers one mutation must notify, taken from a registrar's table under
/// its protection and notified after it is released.
///
/// Calling observers outside the lock is what lets an `onChange` read, mutate or
/// open a new scope on the same object without deadlocking.
public struct FirePlan {
  /// One-shot observers this mutation won, chained through `fireNext`.
  var oneShot: UnsafeMutablePointer<ObserverNode>?
  /// Persistent observers to call after the value is stored, each retained once.
  var persistent: [Unmanaged<Observer>] = []

  @usableFromInline
  init() {}

  /// Calls the one-shot observers (before the new value is stored), then unlinks
  /// their other nodes.
  @usableFromInline
  mutating func fireOneShots() {
    while let node = oneShot {
      oneShot = node.pointee.fireNext
      node.pointee.fireNext = nil
      node.pointee.observer._withUnsafeGuaranteedRef { $0.didFire() }
    }
  }

  /// Completes a write begun with `ObservationRegistrar.willSet`: notifies the
  /// persistent observers now that the new value is stored.
  public consuming func didSet() {
    firePersistent()
  }

  /// Calls the persistent observers (after the new value is stored) unless they
  /// were cancelled meanwhile, and drops the references `collect` took.
  @usableFromInline
  mutating func firePersistent() {
    for observer in persistent {
      let strong = observer.takeRetainedValue()
      if strong.isArmed { strong.onChange() }
    }
    persistent.removeAll()
  }

  /// Drops the references `collect` took without calling anyone (the mutation
  /// threw).
  @usableFromInline
  mutating func discardPersistent() {
    for observer in persistent { observer.release() }
    persistent.removeAll()
  }
}
