import Synchronization

/// A child state that may go away: an optional (presented) child, or one row of
/// an identified collection. It ends for good the first time it is found missing
/// or replaced by a state of another identity, for every holder of its store: a
/// row store that nothing but its parent's cache holds any more may be revived
/// for its row when the row comes back (``revive(_:)``): no strong holder can
/// tell it from a new one.
///
/// `refresh` and `find` are the whole way down from the root's state, composed
/// where the store was scoped (`@inlinable`), so that `Store.read`,
/// `Store.isPresent` and the child's send run specialised code: no key path
/// projected at run time and no generic metadata looked up on the path, once
/// the step down was compiled (`get:`). They are passed the source itself, so
/// that a ``RowSource`` finds its row with closures that capture nothing (and
/// allocate nothing). Not overridable methods: the methods of a generic class
/// are called through its vtable in their unspecialised form, about 5 000
/// /// instructions more per row scoped in `reported/append-rows`. The state is
/// found anew on every read rather than memoised: the read right after a send,
/// the one a re-render makes, is the one that counts, and a memo would only add
/// its upkeep to it.
///
/// Two operations rather than one projection returning the state: a row store
/// compares its row's identity where the row is stored, and copies the row
/// straight into `last`. Returned by value, the row and the collection it was
/// read from were each copied on the way (a retain and a release per
/// reference), and a row's send checks presence (`find`) before every send
/// after another row's: about 280 instructions per check that copy nothing.
@usableFromInline
class EndingSource<State: ObservableState>: StateSource<State> {
  /// The state as last read; what reads return once the source ended. Stored
  /// in the source itself (memory of its own was one allocation more per row
  /// store) and lent to `refresh` by a pointer scoped to the call; guarded by
  /// the tree's guard (no dynamic exclusivity check).
  @exclusivity(unchecked) @usableFromInline final var last: State
  /// Whether the state was found missing or replaced once. Guarded.
  @exclusivity(unchecked) @usableFromInline var ended = false
  /// Copies the current state into the memory given if it is still there with
  /// the identity of the state in that memory; false, copying nothing, if not.
  @usableFromInline let refresh: (EndingSource, UnsafeMutablePointer<State>) -> Bool
  /// Whether the current state is there with the identity given; copies nothing.
  @usableFromInline let find: (EndingSource, StateIdentity) -> Bool
  /// Whether the parent's state still exists; `nil` when it cannot end.
  @usableFromInline let parentIsPresent: (() -> Bool)?
  /// The tree's `endings` when the state was last found present, or `.max`
  /// once it was found missing. Only a send that may have ended a child state
  /// (removed, replaced or set one to nil) counts, so until the next such send
  /// the state is still present, however many other sends came between. Written
  /// under the guard; an atomic for `isKnownPresent`, which reads it without.
  @usableFromInline let foundAt: Atomic<UInt64>
  /// Whose `endings` to compare; the tree outlives its sources' use (a store
  /// holds its tree), so no reference count is checked on the way.
  @usableFromInline unowned(unsafe) let tree: StoreTree<State.Strategy>

  @inlinable
  init<Parent>(
    parent: StateSource<Parent>, initial: State,
    refresh: @escaping (EndingSource, UnsafeMutablePointer<State>) -> Bool,
    find: @escaping (EndingSource, StateIdentity) -> Bool,
    tree: StoreTree<State.Strategy>
  ) {
    last = initial
    self.refresh = refresh
    self.find = find
    // `initial` may have been read in an earlier guarded region than this one
    // (an optional child's): the first send looks the state up.
    foundAt = Atomic(.max)
    self.tree = tree
    parentIsPresent = parent.canEnd ? { parent.isPresent } : nil
  }

  /// Calls `body` with the state a read sees: the current one, copied into
  /// `last`, while it is the one this source began with; `last` once the
  /// source ended, which it does the first time the state is not.
  @inlinable @inline(__always)
  final func readRefreshed<R>(_ body: (State) -> R) -> R {
    if !ended {
      if withUnsafeMutablePointer(to: &last, { refresh(self, $0) }) {
        foundAt.store(tree.endings.load(ordering: .relaxed), ordering: .relaxed)
      } else {
        end()
      }
    }
    return body(last)
  }

  /// Whether the current state is the one this source began with; ends the
  /// source the first time it is not. Does not update `last`.
  @inlinable
  final func isStillThere() -> Bool {
    if find(self, last._$identity) {
      foundAt.store(tree.endings.load(ordering: .relaxed), ordering: .relaxed)
      return true
    }
    end()
    return false
  }

  /// Makes an ended source present again with `state`, as a new source of
  /// it would begin: only for a source that nothing but its cache holds
  /// (``Store/scope(row:of:action:)``), whose ending nobody saw. Called under
  /// the tree's guard.
  @inlinable
  final func revive(_ state: State) {
    last = state
    ended = false
    // As a new source: the first send looks the state up.
    foundAt.store(.max, ordering: .relaxed)
  }

  /// Ends the source for good: `isKnownPresent` never holds again, even if no
  /// send was counted as a possible ending (a model whose setter noted none).
  @inlinable
  final func end() {
    ended = true
    foundAt.store(.max, ordering: .relaxed)
  }

  /// `isPresent`, specialised where the store calls it.
  ///
  /// A state found present since the last send that may have ended a child
  /// state is present still: a row's send after its own or other rows' updates
  /// does not look the row up again. Not inside a tracking scope, where looking
  /// it up records the reads a reader relies on.
  @inlinable
  final var isPresentNow: Bool {
    if ended { return false }
    if let parentIsPresent, !parentIsPresent() { return false }
    if isFoundSinceLastEnding, !State.Strategy.Scope.isRecording { return true }
    return isStillThere()
  }

  /// `isPresentNow` where it needs neither the guard nor a look: the state was
  /// found present since the last send that may have ended a child state, and
  /// no parent can end. What a row's send checks before it takes the guard to
  /// look.
  ///
  /// Sound without the guard: it reads two atomics, and the answer is as good as
  /// the guarded one, which a send on another thread may also outdate before the
  /// reducer runs (the reducer then finds no row). An ended source is never
  /// found present again, so `ended` need not be read: `end()` leaves `foundAt`
  /// at a count `endings` never reaches.
  @inlinable
  final var isKnownPresent: Bool {
    parentIsPresent == nil && isFoundSinceLastEnding && !State.Strategy.Scope.isRecording
  }

  @inlinable
  final var isFoundSinceLastEnding: Bool {
    foundAt.load(ordering: .relaxed) == tree.endings.load(ordering: .relaxed)
  }

  override func read<R>(_ body: (State) -> R) -> R {
    readRefreshed(body)
  }

  override var isPresent: Bool { isPresentNow }

  override var canEnd: Bool { true }

  @usableFromInline
  override func projection() -> () -> State {
    { [self] in readRefreshed { $0 } }
  }
}
