/// A child state remembered until the next send, with the field reads that
/// projecting it made: what a child store reads from while its memo is warm.
///
/// The memo lives in fields that `Store.read` reads directly (specialised for the
/// state in the caller), so a warm read is a flag test and the read itself, plus
/// a replay of the remembered reads when a scope is open. The state sits in
/// memory of its own (no `Optional` of a generic tuple, whose metadata the
/// unspecialised code would look up on every call). The tree drops every memo
/// before the reducer runs, so no memo keeps a buffer of the state shared while
/// it is mutated.
@usableFromInline
class MemoSource<State: ObservableState>: StateSource<State>, MemoizedSource {
  /// The remembered state; initialised while `hasMemo`.
  @usableFromInline final let memoState: UnsafeMutablePointer<State> = .allocate(capacity: 1)
  /// Whether `memoState` holds the current state. Guarded by the tree's guard,
  /// which gives the exclusivity a dynamic check would cost every read.
  @exclusivity(unchecked) @usableFromInline final var hasMemo = false
  /// The field reads projecting the state made (ancestors' child fields), held
  /// from one fill to the next so that its storage is allocated once; guarded.
  @exclusivity(unchecked) @usableFromInline final var memoReads = AccessList()
  /// Whether `memoReads` holds the reads of the current memo. A fill with no
  /// scope recording leaves them out (nobody to replay them to, and collecting
  /// costs a record and a retain per level); the first read in a scope after it
  /// projects the state again, collecting them. Guarded.
  @exclusivity(unchecked) @usableFromInline final var hasMemoReads = false
  /// The state projected from the root's in one call: what the memo is filled from.
  @usableFromInline final let project: () -> State
  /// Where to say that the memo is filled; the tree outlives its sources' use
  /// (a store holds its tree), so no reference count is checked on the way.
  @usableFromInline final unowned(unsafe) let tree: StoreTree<State.Strategy>

  @usableFromInline
  init(project: @escaping () -> State, tree: StoreTree<State.Strategy>) {
    self.project = project
    self.tree = tree
  }

  deinit {
    dropMemo()
    memoReads.deallocate()
    memoState.deallocate()
  }

  /// Projects the current state and remembers it and, in a scope, its reads:
  /// the cold read.
  @usableFromInline
  final func fillMemo() {
    let state: State
    if State.Strategy.Scope.isRecording {
      state = State.Strategy.Scope.collectReads(into: &memoReads) { project() }
      hasMemoReads = true
    } else {
      state = project()
    }
    memoState.initialize(to: state)
    hasMemo = true
    tree.filledMemos.append(self)
  }

  /// Projects the state again, collecting the reads that projecting it makes
  /// into `memoReads`: the first read in a scope after a fill made outside any.
  @usableFromInline
  final func collectMemoReads() {
    // The state is the memo's (no send came between): only the reads are wanted.
    _ = State.Strategy.Scope.collectReads(into: &memoReads) { project() }
    hasMemoReads = true
  }

  /// Records the remembered reads in the innermost open scope.
  @usableFromInline
  final func replayReads() {
    if !hasMemoReads { collectMemoReads() }
    memoReads.replay(into: State.Strategy.Scope.self)
  }

  @usableFromInline
  final func dropMemo() {
    guard hasMemo else { return }
    hasMemo = false
    memoState.deinitialize(count: 1)
    if hasMemoReads {
      hasMemoReads = false
      memoReads.removeAll()
    }
  }

  override final func read<R>(_ body: (State) -> R) -> R {
    if !hasMemo { fillMemo() }
    if State.Strategy.Scope.isRecording { replayReads() }
    return body(memoState.pointee)
  }

  @usableFromInline
  override final func projection() -> () -> State { project }
}

/// A source that remembers what it read until the tree's next send.
@usableFromInline
protocol MemoizedSource: AnyObject {
  /// Forgets the memo; called under the tree's guard before the reducer runs.
  func dropMemo()
}
