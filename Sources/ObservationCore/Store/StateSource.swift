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
  /// old root's observers can be handed to the new one.
  @usableFromInline var rootRegistrar: State.Strategy.Registrar

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

/// A child state at a key path of its parent's, memoised until the next send.
///
/// Projecting a key path at run time costs hundreds of nanoseconds per level (the
/// runtime walks the path generically), so a chain of child stores would pay it
/// at every level of every read. Instead the first read after a send projects
/// once, remembers the state and the field reads the projection made (the
/// ancestors' `child` fields), and later reads return the state and replay those
/// reads into the open scope: the same observations, at the price of a few
/// records. The tree drops every memo before the reducer runs, so no memo keeps a
/// buffer of the state shared while it is mutated.
final class KeyPathSource<Parent, State: ObservableState>: StateSource<State>, MemoizedSource {
  let parent: StateSource<Parent>
  let keyPath: KeyPath<Parent, State>
  private var memo: (state: State, reads: AccessList)?
  /// Where to say that the memo is filled; the tree outlives its sources' use.
  private unowned let tree: StoreTree<State.Strategy>

  init(parent: StateSource<Parent>, keyPath: KeyPath<Parent, State>, tree: StoreTree<State.Strategy>) {
    self.parent = parent
    self.keyPath = keyPath
    self.tree = tree
  }

  deinit {
    dropMemo()
  }

  override func read<R>(_ body: (State) -> R) -> R {
    typealias Scope = State.Strategy.Scope
    if let memo {
      if Scope.isRecording { memo.reads.replay(into: Scope.self) }
      return body(memo.state)
    }
    let (state, reads) = Scope.collectReads { parent.read { $0[keyPath: keyPath] } }
    if Scope.isRecording { reads.replay(into: Scope.self) }
    memo = (state, reads)
    tree.filledMemos.append(self)
    return body(state)
  }

  override var isPresent: Bool { parent.isPresent }

  func dropMemo() {
    guard var reads = memo?.reads else { return }
    memo = nil
    reads.removeAll()
    reads.deallocate()
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
