extension Store {
  /// The child store of the nested state `path` reaches, whose actions reach
  /// this store through `embed`. Cached: the same key path gives the same
  /// store.
  ///
  /// Its reads are memoised until the next send. A cold read (the first after
  /// a send) goes down the way `path` says (``ChildPath``): from the root in
  /// one go, through the composed key path when every step is a key path,
  /// through the getters composed where they were written, or along the
  /// addresses from the root's memory when every step is found in place.
  ///
  /// Inlinable, so that the closures it makes (the cold read's step down and
  /// the dispatch of the child's actions) are specialised where the store is
  /// scoped.
  @inlinable
  public func scope<ChildState: ObservableState, ChildAction>(
    state path: ChildPath<State, ChildState>,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> where ChildState.Strategy == Strategy {
    tree.withExclusiveAccess {
      let key = ChildKey(path.keyPath)
      if let cached = children[key] as? Store<ChildState, ChildAction> { return cached }
      assertFinds(path, { $0._$identity }, "scope(state:action:)")
      let child = Store<ChildState, ChildAction>(tree: tree, source: childSource(path)) { [dispatch] action in
        dispatch(embed(action))
      }
      children[key] = child
      return child
    }
  }

  /// The child store of the optional (presented) state `path` reaches, or
  /// `nil` while it is nil. The store ends when the state becomes nil or is
  /// replaced: its reads then return the last value and its sends are
  /// dropped; a new presentation gets a new store.
  ///
  /// - Complexity: a read or send of the child goes down from the root the
  ///   way its ancestors and `path` say, applied to copies (a key path step
  ///   projected at run time, a getter or an address called).
  @inlinable
  public func scope<ChildState: ObservableState, ChildAction>(
    state path: ChildPath<State, ChildState?>,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? where ChildState.Strategy == Strategy {
    let current = read { path.child(of: $0) }
    return tree.withExclusiveAccess {
      let key = ChildKey(path.keyPath)
      guard let current else {
        children[key] = nil
        return nil
      }
      if let cached = children[key] as? Store<ChildState, ChildAction>, cached.source.isPresent {
        return cached
      }
      assertFinds(path, { $0?._$identity }, "scope(state:action:)")
      let project = projection { path.child(of: $0) }
      let child = endingChild(
        initial: current,
        refresh: { _, last in
          guard let state = project(), state._$identity == last.pointee._$identity else { return false }
          last.pointee = state
          return true
        },
        find: { _, identity in project()?._$identity == identity },
        embed: embed)
      children[key] = child
      return child
    }
  }

  /// The source of the child `path` reaches: in place along the located path
  /// from the root's memory where `path` and every step above it are found
  /// in place, else `path`'s step applied to this store's state as its source
  /// projects it.
  @inlinable
  func childSource<ChildState: ObservableState>(
    _ path: ChildPath<State, ChildState>
  ) -> KeyPathSource<State, ChildState> where ChildState.Strategy == Strategy {
    switch path.way {
    case .projected:
      return KeyPathSource(parent: source, keyPath: path.keyPath, tree: tree)
    case .get(let getter):
      return KeyPathSource(parent: source, keyPath: path.keyPath, project: projection(getter.get), tree: tree)
    case .locate(let locate):
      if let located = source.locatedPath()?.appending(locate) {
        return KeyPathSource(
          parent: source, keyPath: path.keyPath, located: located,
          project: { located.locate(ChildState.self).pointee }, tree: tree)
      }
      return KeyPathSource(
        parent: source, keyPath: path.keyPath, project: projection { path.child(of: $0) }, tree: tree)
    }
  }

  /// A child's state projected from the root's: `step` applied to this store's
  /// state as its source projects it, or, from the root store, to the root's
  /// memory itself (no closure in between, and the root's state lent to `step`
  /// without a copy of it: projections run under the tree's guard, and a step
  /// down, a getter, does not read the store).
  @inlinable
  func projection<Child>(_ step: @escaping (State) -> Child) -> () -> Child {
    if let rootState { return { rootState.withPointeeLent(step) } }
    let parentProject = source.projection()
    return { step(parentProject()) }
  }

  /// A store of an `EndingSource`, whose sends are dropped once it ended.
  @inlinable
  func endingChild<ChildState: ObservableState, ChildAction>(
    initial: ChildState,
    refresh: @escaping (EndingSource<ChildState>, UnsafeMutablePointer<ChildState>) -> Bool,
    find: @escaping (EndingSource<ChildState>, StateIdentity) -> Bool,
    embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> where ChildState.Strategy == Strategy {
    let source = EndingSource(
      parent: self.source, initial: initial, refresh: refresh, find: find, tree: tree)
    return Store<ChildState, ChildAction>(tree: tree, ending: source) { [dispatch, tree] action in
      guard source.isKnownPresent || tree.withExclusiveAccess({ source.isPresentNow }) else { return }
      dispatch(embed(action))
    }
  }
}
