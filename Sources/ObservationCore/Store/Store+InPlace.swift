extension Store {
  /// The child store of the nested state `path` finds in place, which reduces its own
  /// actions with `reducer` where the state is stored: its parent's reducer
  /// never sees them.
  ///
  /// A child store scoped with `action:` wraps each action once per level on
  /// its way to the root (an `indirect` case is a heap box per level) and the
  /// root's reducer switches on it at every level on the way back down: at
  /// depth 64, 63 allocations and about 500 instructions per level, to write
  /// a field that apple's `@Observable` object writes directly. Here a send
  /// walks down from the root's memory in one loop, as a cold read does, each
  /// level's `change` making its child's storage unique (copy-on-write) and
  /// noting the change as its field's; then `reducer` runs on the child where
  /// it is stored. Nothing is allocated, and each strategy notifies whom the
  /// routed send notifies: with `+identity` the ancestors keep their children
  /// (nobody is told), unless the reducer replaced the child as a whole, which
  /// every observer of the parent hears of.
  ///
  /// Use it for a child whose parent only forwards its actions (TCA's
  /// `Scope`); a parent that reacts to a child's action needs `action:`.
  ///
  /// - Parameters:
  ///   - path: the child, found in place (``ChildPath/locate(_:_:)``): its
  ///     key path is its identity among its siblings (cached per path, apart
  ///     from a child scoped with `action:`), its address in its parent's is
  ///     what reads take.
  ///   - change: the child's address in its parent's for a change in place,
  ///     or `nil` if there is no child (the action is then dropped): the
  ///     child's storage made unique, and the change noted with
  ///     `willChangeInPlace(_:at:)`, as `didModify` notes it in a reducer.
  ///     The address is written until the reducer returns, under the tree's
  ///     guard, while nothing else touches the parent.
  ///   - reducer: the child's reducer; its effects' actions are reduced in
  ///     place too, within the same send.
  /// - Precondition: `path` is found in place, and this store is the root
  ///   store or was scoped in place.
  /// - Complexity: a send calls each level's `change` once, in one loop from
  ///   the root's memory, and the reducer; it allocates nothing. With a
  ///   strategy that skips unchanged identity, a send that follows this
  ///   store's last send with no access to the tree between them (no read,
  ///   no other send) calls no `change`: it finds the state where that send
  ///   left it (``LastInPlaceSend``).
  @inlinable
  public func scope<ChildState: ObservableState, ChildAction>(
    state path: ChildPath<State, ChildState>,
    change: @escaping (UnsafeMutablePointer<State>) -> UnsafeMutablePointer<ChildState>?,
    reducer: @escaping Reducer<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction> where ChildState.Strategy == Strategy {
    guard let locate = path.locator else {
      preconditionFailure("scope(state:change:reducer:) needs a path found in place: .locate(keyPath, locate)")
    }
    let keyPath = path.keyPath
    let key = ChildKey(InPlaceKey(path: keyPath))
    return tree.withExclusiveAccess {
      if let cached = children[key] as? Store<ChildState, ChildAction> { return cached }
      guard let parentPath = source.locatedPath(), parentPath.canChange else {
        preconditionFailure(
          "scope(state:change:reducer:) scopes in place only below the root store or a store scoped in place")
      }
      assertFinds(path, { $0._$identity }, "scope(state:change:reducer:)")
      let located = parentPath.appending(locate, change: change)
      let childSource = KeyPathSource(
        parent: source, keyPath: keyPath, located: located,
        project: { located.locate(ChildState.self).pointee }, tree: tree)
      let child = Store<ChildState, ChildAction>(tree: tree, source: childSource) { [tree] action in
        Store<ChildState, ChildAction>.reduceInPlace(action, tree) {
          let access = tree.accesses
          let parent: UnsafeMutablePointer<State>
          let state: UnsafeMutablePointer<ChildState>
          if Strategy.skipsUnchangedIdentity, let found = tree.lastInPlaceSend.found(for: located, at: access) {
            // Nothing touched the tree since this store's last send: every
            // level is as unique, and where, as that send's walk left it.
            parent = found.parent.assumingMemoryBound(to: State.self)
            state = found.state.assumingMemoryBound(to: ChildState.self)
          } else {
            guard let walked = parentPath.locateForChange(State.self), let child = change(walked) else {
              // Nothing changed: what the walk down noted on its way is dropped.
              ChangeList.discardRunning()
              return
            }
            parent = walked
            state = child
          }
          let before = Store<ChildState, ChildAction>.identity(at: state)
          let effect = reducer(&state.pointee, action)
          if case .none = effect {} else { Store<ChildState, ChildAction>.run(effect, on: state, reducer) }
          if Strategy.skipsUnchangedIdentity {
            if Store<ChildState, ChildAction>.identity(at: state) != before {
              // Replaced as a whole: the parent's child changed identity.
              ChangeList.noteEnding()
              ChangeList.noteWrite(of: parent.pointee._$registrar, ~0, Strategy.self)
            }
            // Numbered as this send's access: if the reducer itself reached
            // the tree (a read under the isolation guard, which may keep a
            // copy of a level), the next send comes two accesses later, and walks.
            tree.lastInPlaceSend = LastInPlaceSend(
              path: located, access: access, parent: UnsafeMutableRawPointer(parent),
              state: UnsafeMutableRawPointer(state))
          }
        }
      }
      children[key] = child
      return child
    }
  }

  /// Runs `reduce` as a send of this tree runs its root's reducer (memos
  /// dropped, the send counted, the changes it notes collected), then
  /// notifies: a send reduced where a child's state is stored.
  @inlinable
  static func reduceInPlace(_ action: Action, _ tree: StoreTree<Strategy>, _ reduce: () -> Void) {
    var changes = ChangeList()
    changes.collect {
      tree.withExclusiveAccess {
        tree.willReduce()
        reduce()
        tree.didReduce()
      }
    }
    tree.notify(&changes)
  }

  /// The identity of the state at `state`, its registrar loaded unretained.
  @inlinable @inline(__always)
  static func identity(at state: UnsafeMutablePointer<State>) -> UInt64 {
    Unmanaged.passUnretained(state.pointee._$registrar)._withUnsafeGuaranteedRef { $0.identity }
  }

  /// Reduces the actions `effect` sends, in order, on the state at `state`.
  @usableFromInline
  static func run(_ effect: Effect<Action>, on state: UnsafeMutablePointer<State>, _ reducer: Reducer<State, Action>) {
    switch effect {
    case .none:
      return
    case .send(let next):
      run(reducer(&state.pointee, next), on: state, reducer)
    case .merge(let effects):
      for effect in effects { run(effect, on: state, reducer) }
    }
  }
}

extension ObservableState {
  /// Notes that child state `field` of the state at `state` is about to be
  /// changed in place, keeping its identity: what a change step of
  /// `Store.scope(state:change:reducer:)` notes, as `didModify` notes
  /// it after a reducer's change. Strategies that skip unchanged identity
  /// note nothing; the others note a write of `field`.
  @inlinable @inline(__always)
  public static func willChangeInPlace(_ field: ObservedField, at state: UnsafeMutablePointer<Self>) {
    if Strategy.skipsUnchangedIdentity { return }
    ChangeList.noteEnding()
    ChangeList.noteWrite(
      ofUnretained: Unmanaged.passUnretained(state.pointee._$registrar), Strategy.Invalidation.mask(for: field),
      Strategy.self)
  }
}

/// The cache key of a child store scoped in place: apart from a child scoped
/// with `action:` at the same path, whose sends take the other way.
@usableFromInline
struct InPlaceKey<Path: Hashable>: Hashable {
  @usableFromInline let path: Path

  @inlinable
  init(path: Path) { self.path = path }
}
