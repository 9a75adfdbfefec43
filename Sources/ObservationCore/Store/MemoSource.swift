import Synchronization

/// A child state remembered until the next send, with the field reads that
/// projecting it made: what a child store reads from while its memo is warm.
///
/// The memo lives in fields that `Store.read` reads directly (specialised for the
/// state in the caller), so a warm read is a flag test and the read itself, plus
/// a replay of the remembered reads when a scope is open. A state located in the
/// root's memory (a `.locate` path) is remembered by its address
/// rather than copied, and is current until the tree's next send: it holds no
/// buffer of the state, so the send need not drop it, and a read after the send
/// finds it stale by its stamp and locates the state again. The state sits in
/// memory of its own (no `Optional` of a generic tuple, whose metadata the
/// unspecialised code would look up on every call). The tree drops every memo
/// before the reducer runs, so no memo keeps a buffer of the state shared while
/// it is mutated.
@usableFromInline
class MemoSource<State: ObservableState>: StateSource<State>, MemoizedSource {
  /// Memory for a remembered copy of the state; initialised while `hasMemo`,
  /// unless the memo is an address in the root's memory.
  @usableFromInline final let memoState: UnsafeMutablePointer<State>
  /// Where the remembered state is while `hasMemo`: `memoState`, or the state
  /// itself in the root's memory. Guarded.
  @exclusivity(unchecked) @usableFromInline final var memoAt: UnsafePointer<State>
  /// Whether a memo was filled and not dropped since. Guarded by the tree's guard,
  /// which gives the exclusivity a dynamic check would cost every read.
  @exclusivity(unchecked) @usableFromInline final var hasMemo = false
  /// The tree's `sends` when the memo was filled; guarded.
  @exclusivity(unchecked) @usableFromInline final var filledAt: UInt64 = 0
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
  /// Where the state lives in the root's memory, when every step down to it is
  /// located: the memo is then that address, and no copy.
  @usableFromInline final let located: LocatedPath?
  /// `located` unretained, for cold reads: binding the optional `located`
  /// takes a reference of its own (a retain and a release per fill), and
  /// `located` keeps it alive.
  @usableFromInline final let locatedRef: Unmanaged<LocatedPath>?
  /// Where to say that the memo is filled; the tree outlives its sources' use
  /// (a store holds its tree), so no reference count is checked on the way.
  @usableFromInline final unowned(unsafe) let tree: StoreTree<State.Strategy>

  @usableFromInline
  init(
    project: @escaping () -> State, located: LocatedPath? = nil,
    tree: StoreTree<State.Strategy>
  ) {
    self.project = project
    self.located = located
    self.locatedRef = located.map { Unmanaged.passUnretained($0) }
    self.tree = tree
    let storage = UnsafeMutablePointer<State>.allocate(capacity: 1)
    memoState = storage
    memoAt = UnsafePointer(storage)
  }

  deinit {
    dropMemo()
    memoReads.deallocate()
    memoState.deallocate()
  }

  /// Whether the memo holds the current state: filled, and no send since. A
  /// copied memo is dropped by the send; a located one only goes stale.
  @inlinable
  final var isCurrent: Bool {
    hasMemo && filledAt == tree.sends.load(ordering: .relaxed)
  }

  /// Projects the current state and remembers it and, in a scope, its reads:
  /// the cold read.
  @usableFromInline
  final func fillMemo() {
    // A stale located memo: its reads are of the state before the send.
    dropMemo()
    filledAt = tree.sends.load(ordering: .relaxed)
    if let located {
      if State.Strategy.Scope.isRecording {
        memoAt = State.Strategy.Scope.collectReads(into: &memoReads) { located.locate(State.self) }
        hasMemoReads = true
      } else {
        memoAt = located.locate(State.self)
      }
      hasMemo = true
      return
    }
    let state: State
    if State.Strategy.Scope.isRecording {
      state = State.Strategy.Scope.collectReads(into: &memoReads) { project() }
      hasMemoReads = true
    } else {
      state = project()
    }
    memoState.initialize(to: state)
    memoAt = UnsafePointer(memoState)
    hasMemo = true
    tree.filledMemos.append(self)
  }

  /// Projects the state again, collecting the reads that projecting it makes
  /// into `memoReads`: the first read in a scope after a fill made outside any.
  @usableFromInline
  final func collectMemoReads() {
    // The state is the memo's (no send came between): only the reads are wanted.
    if let located {
      _ = State.Strategy.Scope.collectReads(into: &memoReads) { located.locate(State.self) }
    } else {
      _ = State.Strategy.Scope.collectReads(into: &memoReads) { project() }
    }
    hasMemoReads = true
  }

  /// Records the remembered reads in the innermost open scope.
  @usableFromInline
  final func replayReads() {
    if !hasMemoReads { collectMemoReads() }
    State.Strategy.Scope.record(contentsOf: memoReads)
  }

  @usableFromInline
  final func dropMemo() {
    guard hasMemo else { return }
    hasMemo = false
    if memoAt == UnsafePointer(memoState) { memoState.deinitialize(count: 1) }
    if hasMemoReads {
      hasMemoReads = false
      memoReads.removeAll()
    }
  }

  override final func read<R>(_ body: (State) -> R) -> R {
    if !isCurrent { fillMemo() }
    if State.Strategy.Scope.isRecording { replayReads() }
    return body(memoAt.pointee)
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
