/// Where a store's state comes from: the root's own storage, or a way down from
/// its parent's state.
///
/// Child stores hold no state of their own: each read finds the state from the
/// root's, so a read through a child store passes through every ancestor's
/// accessor and records the ancestors' fields as well (TCA's stores work alike).
/// Every call happens under the tree's guard.
///
/// One word for finding a state from the root's: a source *projects* it, and
/// `projection()` is that step as a closure.
@usableFromInline
class StateSource<State> {
  @usableFromInline
  init() {}

  /// Calls `body` with the current state.
  @usableFromInline
  func read<R>(_ body: (State) -> R) -> R {
    preconditionFailure("subclass responsibility")
  }

  /// Whether the state still exists: false once an optional child became nil or
  /// a row was removed. Reads then see the last value read; sends are dropped.
  @usableFromInline
  var isPresent: Bool { true }

  /// Whether `isPresent` can ever become false: an ending source is on the way
  /// down from the root. Lets a child below only key path steps skip asking.
  @usableFromInline
  var canEnd: Bool { false }

  /// This state's path from the root's state as one key path, when every step
  /// down from the root is a key path (no optional or row child on the way).
  func pathFromRoot() -> PathFromRoot<State>? { nil }

  /// The state projected from the root's current state in one call: what `read`
  /// passes to its body, reading the same getters in the same order. Called
  /// under the tree's guard; specialised code wherever the steps down were
  /// compiled (a `.get` or `.locate` path, of a state, optional or row child).
  @usableFromInline
  func projection() -> () -> State {
    preconditionFailure("subclass responsibility")
  }

  /// Where the state lives in the root's memory, found in place, when every
  /// step down from the root is a located one (a `.locate` path):
  /// no level's state is copied on the way down. Its `locate` is called under
  /// the tree's guard; the address holds until the next send.
  @usableFromInline
  func locatedPath() -> LocatedPath? { nil }
}
