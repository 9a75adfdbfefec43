/// Where a store's state comes from: the root's own storage, or a path into its
/// parent's state.
///
/// Child stores hold no state of their own: each read walks up to the root and back
/// down the path, so a read through a child store passes through every ancestor's
/// accessor and records the ancestors' fields as well (TCA's stores work alike).
/// Every call happens under the tree's guard.
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

  /// This state's path from the root's state as one key path, when every step
  /// down from the root is a key path (no optional or row child on the way).
  func pathFromRoot() -> PathFromRoot<State>? { nil }

  /// The state found from the root's current state in one call, when every step
  /// down from the root is a key path or a compiled getter (no optional or row
  /// child on the way); called under the tree's guard.
  @usableFromInline
  func projector() -> (() -> State)? { nil }
}

/// The root store's state and reducer.
///
/// The state lives in memory of its own rather than in a stored property: the
/// tree's guard already gives the reducer exclusive access, and `inout` access to
/// a class property would add a dynamic exclusivity check to every send.
@usableFromInline
final class RootSource<State: ObservableState, Action>: StateSource<State> {
  @usableFromInline let state: UnsafeMutablePointer<State>
  @usableFromInline let reducer: Reducer<State, Action>
  /// The registrar of the root state as of the last send, held so that a reducer
  /// replacing the root as a whole (`state = State()`) is seen, and so that the
  /// old root's observers can be handed to the new one. Guarded by the tree's
  /// guard (a dynamic exclusivity check would cost every send).
  @exclusivity(unchecked) @usableFromInline var rootRegistrar: State.Strategy.Registrar

  @usableFromInline
  init(state: State, reducer: @escaping Reducer<State, Action>) {
    self.state = .allocate(capacity: 1)
    self.state.initialize(to: state)
    self.reducer = reducer
    self.rootRegistrar = state._$registrar
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
  }

  override func read<R>(_ body: (State) -> R) -> R {
    body(state.pointee)
  }

  override func pathFromRoot() -> PathFromRoot<State>? {
    RootedKeyPath(root: self, keyPath: \State.self)
  }

  @usableFromInline
  override func projector() -> (() -> State)? {
    // The memory outlives every child source: each holds its parent.
    let state = self.state
    return { state.pointee }
  }

  /// Reduces `action` and every follow-up action its effects send, in order.
  @inlinable
  func reduce(_ action: Action) {
    let effect = reducer(&state.pointee, action)
    if case .none = effect { return }
    run(effect)
  }

  /// Whether the reducer replaced the root state as a whole since the last send.
  @inlinable @inline(__always)
  var rootWasReplaced: Bool { state.pointee._$registrar !== rootRegistrar }

  /// Notes the replacement of the root as a change of every field of it, and
  /// makes the old root's observers observe the new root, so that persistent
  /// observers keep working after `state = State()`. Called in the send, under
  /// the tree's guard.
  @usableFromInline
  func didReplaceRoot() {
    let new = state.pointee._$registrar
    typealias S = State.Strategy
    if S.Invalidation.isPerField, !new.adoptObservers(of: rootRegistrar) {
      // The new root has observers of its own (it was observed before it became
      // the root): the old root's observers are notified and stay where they are.
      ChangeList.noteWrite(of: rootRegistrar, ~0, S.self)
    }
    ChangeList.noteWrite(of: new, ~0, S.self)
    rootRegistrar = new
  }

  @usableFromInline
  func run(_ effect: Effect<Action>) {
    switch effect {
    case .none:
      return
    case .send(let next):
      run(reducer(&state.pointee, next))
    case .merge(let effects):
      for effect in effects { run(effect) }
    }
  }
}

/// A child state remembered until the next send, with the field reads that
/// finding it made: what a child store reads from while its memo is warm.
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
  /// The field reads finding the state made (ancestors' child fields), held
  /// from one fill to the next so that its storage is allocated once; guarded.
  @exclusivity(unchecked) @usableFromInline final var memoReads = AccessList()
  /// Whether `memoReads` holds the reads of the current memo. A fill with no
  /// scope recording leaves them out (nobody to replay them to, and collecting
  /// costs a record and a retain per level); the first read in a scope after it
  /// finds the state again, collecting them. Guarded.
  @exclusivity(unchecked) @usableFromInline final var hasMemoReads = false
  /// The state found from the root's in one call, when the path allows it (see
  /// `KeyPathSource`): what a store fills the memo from.
  @usableFromInline final let project: (() -> State)?

  @usableFromInline
  init(project: (() -> State)?) {
    self.project = project
  }

  deinit {
    dropMemo()
    memoReads.deallocate()
    memoState.deallocate()
  }

  /// Finds the current state and remembers it and its reads: the cold read.
  @usableFromInline
  func fillMemo() {
    preconditionFailure("subclass responsibility")
  }

  /// Finds the state again, collecting the reads that finding it makes into
  /// `memoReads`: the first read in a scope after a fill made outside any.
  @usableFromInline
  func collectMemoReads() {
    preconditionFailure("subclass responsibility")
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
}

/// A child state at a key path of its parent's, memoised until the next send.
///
/// Projecting a key path at run time costs hundreds of nanoseconds per level (the
/// runtime walks the path generically), so the first read after a send projects
/// once and later reads use the memo and replay its reads (the ancestors' `child`
/// fields) into the open scope: the same observations, at the price of a few
/// records. The cold read finds the state from the root's in one go, the same
/// getters in the same order, instead of filling every ancestor's memo level by
/// level, each collecting and replaying the reads of all above it: through the
/// composed key path when every step from the root is a key path, else through
/// the composed `project` closure when every step is a key path or a compiled
/// getter (`scope(state:get:action:)`).
@usableFromInline
final class KeyPathSource<Parent, State: ObservableState>: MemoSource<State> {
  let parent: StateSource<Parent>
  let keyPath: KeyPath<Parent, State>
  /// The composed key path from the root, when every step is a key path.
  private let path: PathFromRoot<State>?
  /// `keyPath` compiled, when the store was scoped with one: called instead of
  /// projecting `keyPath` when the state cannot be found from the root.
  private let get: ((Parent) -> State)?
  /// Where to say that the memo is filled; the tree outlives its sources' use
  /// (a store holds its tree), so no reference count is checked on the way.
  private unowned(unsafe) let tree: StoreTree<State.Strategy>

  /// A child found through `keyPath`, projected at run time.
  init(parent: StateSource<Parent>, keyPath: KeyPath<Parent, State>, tree: StoreTree<State.Strategy>) {
    self.parent = parent
    self.keyPath = keyPath
    self.get = nil
    self.tree = tree
    if let parentPath = parent.pathFromRoot() {
      let path = parentPath.appending(keyPath)
      self.path = path
      super.init(project: { path.project() })
    } else {
      self.path = nil
      super.init(project: parent.projector().map { parentProject in { parentProject()[keyPath: keyPath] } })
    }
  }

  /// A child found through `get`, `keyPath` compiled; `project` is `get` applied
  /// to the parent's projector, composed where both are specialised (the
  /// `@inlinable` scope), so that a cold read runs specialised code at every level.
  @usableFromInline
  init(
    parent: StateSource<Parent>, keyPath: KeyPath<Parent, State>,
    get: @escaping (Parent) -> State, project: (() -> State)?, tree: StoreTree<State.Strategy>
  ) {
    self.parent = parent
    self.keyPath = keyPath
    self.get = get
    self.path = nil
    self.tree = tree
    super.init(project: project)
  }

  override func fillMemo() {
    let state: State
    if State.Strategy.Scope.isRecording {
      state = State.Strategy.Scope.collectReads(into: &memoReads) { find() }
      hasMemoReads = true
    } else {
      state = find()
    }
    memoState.initialize(to: state)
    hasMemo = true
    tree.filledMemos.append(self)
  }

  override func collectMemoReads() {
    // The state is the memo's (no send came between): only the reads are wanted.
    _ = State.Strategy.Scope.collectReads(into: &memoReads) { find() }
    hasMemoReads = true
  }

  /// The current state, found from the root or through the parent.
  private func find() -> State {
    if let project { return project() }
    if let get { return parent.read(get) }
    return parent.read { $0[keyPath: keyPath] }
  }

  override func pathFromRoot() -> PathFromRoot<State>? { path }

  @usableFromInline
  override func projector() -> (() -> State)? { project }

  override var isPresent: Bool { parent.isPresent }
}

/// A state's path from its tree's root state, as one key path.
class PathFromRoot<State> {
  /// The state, projected from the root's current state.
  func project() -> State {
    preconditionFailure("subclass responsibility")
  }

  /// The path one key path further down.
  func appending<Child>(_ keyPath: KeyPath<State, Child>) -> PathFromRoot<Child> {
    preconditionFailure("subclass responsibility")
  }
}

/// `PathFromRoot` knowing the root's type.
final class RootedKeyPath<Root, State>: PathFromRoot<State> {
  let root: StateSource<Root>
  let keyPath: KeyPath<Root, State>

  init(root: StateSource<Root>, keyPath: KeyPath<Root, State>) {
    self.root = root
    self.keyPath = keyPath
  }

  override func project() -> State {
    root.read { $0[keyPath: keyPath] }
  }

  override func appending<Child>(_ next: KeyPath<State, Child>) -> PathFromRoot<Child> {
    RootedKeyPath<Root, Child>(root: root, keyPath: keyPath.appending(path: next))
  }
}

/// A source that remembers what it read until the tree's next send.
@usableFromInline
protocol MemoizedSource: AnyObject {
  /// Forgets the memo; called under the tree's guard before the reducer runs.
  func dropMemo()
}

/// A child state that may go away: an optional (presented) child, or one row of
/// an identified collection. It ends for good the first time it is found missing
/// or replaced by a state of another identity.
final class EndingSource<Parent, State: ObservableState>: StateSource<State> {
  let parent: StateSource<Parent>
  let find: (Parent) -> State?
  private var last: State
  private var ended = false

  init(parent: StateSource<Parent>, initial: State, find: @escaping (Parent) -> State?) {
    self.parent = parent
    self.find = find
    self.last = initial
  }

  override func read<R>(_ body: (State) -> R) -> R {
    if ended { return body(last) }
    return parent.read { parentState in
      if let current = find(parentState), current._$identity == last._$identity {
        last = current
      } else {
        ended = true
      }
      return body(last)
    }
  }

  override var isPresent: Bool {
    if ended || !parent.isPresent { return false }
    return parent.read { parentState in
      guard let current = find(parentState), current._$identity == last._$identity else {
        ended = true
        return false
      }
      return true
    }
  }
}
