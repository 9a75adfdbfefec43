import Synchronization

/// A unidirectional store: a value-type state, a reducer, `send`, and tracked
/// reads through dynamic member lookup.
///
/// Reads record the fields they pass through (`store.child.count` records the
/// root's `child` and the child's `count`). A `send` runs the reducer and its
/// follow-up actions under the tree's guard, noting the instrumented writes; once
/// the guard is released it notifies, per the strategy:
/// - `keypath`: the observers of each written field, and of each ancestor
///   modified on the way down (changed or not);
/// - `keypath+identity`: the same, skipping ancestors whose child kept its
///   identity;
/// - `whole`: every observer of the store tree, if the send noted anything.
/// An equality-guarded setter writing back its value notes nothing (the
/// article's "Stores" section states the rules exactly).
///
/// Stores of `lock` strategies may be used from any thread; stores of `actor`
/// strategies in `ObservationActor`'s isolation only.
@dynamicMemberLookup
public final class Store<State: ObservableState, Action>: @unchecked Sendable {
  /// The strategy the store is observed with.
  public typealias Strategy = State.Strategy

  // The fields a row store's presence check, read, send and revival use come first,
  // in the object's first 64 bytes with its header: a list whose rows come and
  // go reaches thousands of row stores that are in no cache, and each line
  // more is a miss more (`collections/remove-where-rearm[10000]`).
  @usableFromInline let tree: StoreTree<Strategy>
  @usableFromInline let source: StateSource<State>
  /// The source as an ending one (an optional or row child), whose reads, sends
  /// and presence a store checks in code specialised for the state; `nil` otherwise.
  @usableFromInline let ending: EndingSource<State>?
  /// `ending` unretained, for reads: binding the optional `ending` takes a
  /// reference of its own (a retain and a release per read), and `ending` keeps
  /// it alive.
  @usableFromInline let endingRef: Unmanaged<EndingSource<State>>?
  /// Sends an action to the root; captures no store, so child stores cached by
  /// their parent do not keep it alive.
  @usableFromInline let dispatch: (Action) -> Void
  /// The root's state and reducer; `nil` for a child store.
  @usableFromInline let root: RootSource<State, Action>?
  /// The root's state memory, for reads that need no reference to the root
  /// (nothing to retain); `nil` for a child store.
  @usableFromInline let rootState: UnsafeMutablePointer<State>?
  /// `root` unretained, for sends: `root` keeps it alive, and passing it on
  /// unretained spares a retain and a release (two atomics) per send.
  @usableFromInline let rootRef: Unmanaged<RootSource<State, Action>>?
  /// The source as a memoising one (a `scope(state:)` child), whose warm memo a
  /// read takes directly; `nil` otherwise.
  @usableFromInline let memo: MemoSource<State>?
  /// `memo` unretained, for reads: binding the optional `memo` takes a
  /// reference of its own (a retain and a release per read), and `memo` keeps
  /// it alive.
  @usableFromInline let memoRef: Unmanaged<MemoSource<State>>?
  /// Child stores by the path they scope to, created on first use; a
  /// collection's row stores in one ``RowStoreCache`` per collection path.
  /// Guarded by the tree's guard, so without a dynamic exclusivity check
  /// (about 120 instructions per row scoped with one).
  @exclusivity(unchecked) @usableFromInline var children: [ChildKey: AnyObject] = [:]
  /// The row store cache found last, with the key path it was found by: a
  /// list's render scopes every row through the same key path, which then
  /// finds the cache by identity, without hashing the path. Guarded.
  @exclusivity(unchecked) @usableFromInline var lastRowCache: (path: AnyKeyPath, cache: AnyObject)?

  @usableFromInline
  init(tree: StoreTree<Strategy>, source: StateSource<State>, dispatch: @escaping (Action) -> Void) {
    self.tree = tree
    self.source = source
    let root = source as? RootSource<State, Action>
    self.root = root
    self.rootState = root?.state
    self.rootRef = root.map { Unmanaged.passUnretained($0) }
    self.memo = source as? MemoSource<State>
    self.memoRef = memo.map { Unmanaged.passUnretained($0) }
    self.ending = source as? EndingSource<State>
    self.endingRef = ending.map { Unmanaged.passUnretained($0) }
    self.dispatch = dispatch
  }

  /// A child store of an ending source (an optional child, or one row of a
  /// collection): what `init(tree:source:dispatch:)` finds by casting the
  /// source three ways, given. Inlinable, so that the store is made in code
  /// specialised for its state: a row store scoped through the generic
  /// initialiser spent about 120 instructions in the casts alone.
  @inlinable
  init(tree: StoreTree<Strategy>, ending: EndingSource<State>, dispatch: @escaping (Action) -> Void) {
    self.tree = tree
    self.source = ending
    self.root = nil
    self.rootState = nil
    self.rootRef = nil
    self.memo = nil
    self.memoRef = nil
    self.ending = ending
    self.endingRef = Unmanaged.passUnretained(ending)
    self.dispatch = dispatch
  }

  /// A root store.
  ///
  /// Inlinable so that the dispatch of its child stores' actions (a closure made
  /// here) reduces and notifies in code specialised for the state and action.
  @inlinable
  public convenience init(initialState: State, reducer: @escaping Reducer<State, Action>) {
    let root = RootSource(state: initialState, reducer: reducer)
    let tree = StoreTree<Strategy>()
    self.init(tree: tree, source: root) { action in
      Store.reduceAndNotify(action, root, tree)
    }
  }

  /// Reduces `action` (and the actions its effects send), then notifies the
  /// observers of what changed. A child store forwards to its parent; a child
  /// store whose state is gone drops the action.
  @inlinable
  public func send(_ action: Action) {
    if let rootRef {
      rootRef._withUnsafeGuaranteedRef { Self.reduceAndNotify(action, $0, tree) }
    } else {
      dispatch(action)
    }
  }

  /// Reads `keyPath` of the state, recording the fields it passes through.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    read { $0[keyPath: keyPath] }
  }

  /// Reads what `body` reads of the state, recording the fields it passes through:
  /// the closure form of the dynamic member reads.
  ///
  /// Always inlined: `body` is then compiled into the caller's code, and the
  /// state it is passed is neither copied for it nor passed to a closure; left
  /// to the inliner, `read` is at the edge of its size limit, and a store
  /// whose reads are not inlined pays a closure call and a copy of the state
  /// (a retain and a release per reference) on every read.
  @inlinable @inline(__always)
  public func read<Value>(_ body: (State) -> Value) -> Value {
    recordWholeRead()
    if let rootState {
      return tree.withExclusiveAccess { Self.lend(rootState, to: body) }
    }
    // The sources are lent unretained: the store holds them, and a capture of
    // one loaded from the store costs a retain and a release per read.
    if let memoRef {
      return memoRef._withUnsafeGuaranteedRef { memo in
        tree.withExclusiveAccess {
          if !memo.isCurrent { fill(memo) }
          if Strategy.Scope.isRecording { memo.replayReads() }
          return Self.lend(UnsafeMutablePointer(mutating: memo.memoAt), to: body)
        }
      }
    }
    if let endingRef {
      return endingRef._withUnsafeGuaranteedRef { ending in
        tree.withExclusiveAccess { ending.readRefreshed(body) }
      }
    }
    return tree.withExclusiveAccess { source.read(body) }
  }

  /// Calls `body` with the state at `state`, under the tree's guard.
  ///
  /// Passing `state.pointee` to `body` copies it (a retain and a release of
  /// every reference the state holds: two of each for a node with a child
  /// array), because `body` might reach the memory for all the caller can tell.
  /// Under a mutex nothing can: a read or send of the same tree inside `body`
  /// would take the held mutex again, and every other thread waits for it. So
  /// there the state is lent without a copy; the isolation guard lets `body`
  /// send to the store, which may mutate the memory, and a copy is passed.
  ///
  /// `body` is called from one place: two calls would count it twice against
  /// inlining `read` into its callers.
  @inlinable @inline(__always)
  static func lend<R>(_ state: UnsafeMutablePointer<State>, to body: (State) -> R) -> R {
    let lent = Strategy.Registrar.Guard.self == MutexGuard.self
    // A move is a bitwise copy; moved back below, with no retain on either way.
    let value = lent ? state.move() : state.pointee
    let result = body(value)
    if lent { state.initialize(to: consume value) }
    return result
  }

  /// The whole state, recorded as a read of every field of it.
  public var state: State {
    recordWholeRead()
    return tree.withExclusiveAccess {
      source.read { state in
        if Strategy.Invalidation.isPerField { Strategy.Scope.record(state._$registrar, ~0) }
        return state
      }
    }
  }

  /// Whether the store's state still exists (false once an optional child became
  /// nil or a row was removed).
  @inlinable
  public var isPresent: Bool {
    guard let ending else { return tree.withExclusiveAccess { source.isPresent } }
    return tree.withExclusiveAccess { ending.isPresentNow }
  }

  /// Fills a cold or stale memo: here, specialised, when no scope wants the reads
  /// collected (the memo's own fill is generic code, which looks the strategy's
  /// scope up and copies the state through its value witnesses).
  @inlinable
  func fill(_ memo: MemoSource<State>) {
    if !Strategy.Scope.isRecording {
      memo.filledAt = tree.sends.load(ordering: .relaxed)
      if let located = memo.locatedRef {
        // A stale located memo's reads are of the state before the send.
        if memo.hasMemoReads { memo.dropMemo() }
        memo.memoAt = located._withUnsafeGuaranteedRef { $0.locate(State.self) }
        memo.hasMemo = true
      } else {
        memo.memoState.initialize(to: memo.project())
        memo.memoAt = UnsafePointer(memo.memoState)
        memo.hasMemo = true
        tree.filledMemos.append(memo)
      }
    } else {
      memo.fillMemo()
    }
  }

  @inlinable @inline(__always)
  func recordWholeRead() {
    // With whole invalidation every read is a read of the store tree. The tree
    // keeps its registrar alive: no retain and release around the record.
    if !Strategy.Invalidation.isPerField {
      Unmanaged.passUnretained(tree.registrar)._withUnsafeGuaranteedRef { Strategy.Scope.record($0, 1) }
    }
  }

  @inlinable
  static func reduceAndNotify(
    _ action: Action, _ root: RootSource<State, Action>, _ tree: StoreTree<Strategy>
  ) {
    var changes = ChangeList()
    changes.collect {
      tree.withExclusiveAccess {
        tree.willReduce()
        root.reduce(action)
        if root.rootWasReplaced { root.didReplaceRoot() }
        tree.didReduce()
      }
    }
    tree.notify(&changes)
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// Reads `keyPath`; a write becomes `send(.binding(...))`, so the reducer still
  /// makes every change.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<State, Value>) -> Value {
    get { read { $0[keyPath: keyPath] } }
    set {
      send(.binding(BindingAction(set: keyPath, to: newValue)))
    }
  }
}
