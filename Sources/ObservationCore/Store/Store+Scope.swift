extension Store {
  /// The child store of the nested state at `keyPath`, whose actions reach this
  /// store through `embed`. Cached: the same path gives the same store.
  public func scope<ChildState: ObservableState, ChildAction>(
    state keyPath: KeyPath<State, ChildState>,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> where ChildState.Strategy == Strategy {
    tree.withExclusiveAccess {
      if let cached = children[ChildKey(keyPath)] as? Store<ChildState, ChildAction> { return cached }
      let childSource = KeyPathSource(parent: source, keyPath: keyPath, tree: tree)
      let child = Store<ChildState, ChildAction>(tree: tree, source: childSource) { [dispatch] action in
        dispatch(embed(action))
      }
      children[ChildKey(keyPath)] = child
      return child
    }
  }

  /// The child store of the nested state at `keyPath`, whose cold reads call
  /// `get` instead of projecting `keyPath` at run time.
  ///
  /// A key path projected at run time walks its components generically: about
  /// 2 500 instructions per level of nested generic state here, the whole cost of
  /// the first read after a send. `get` is the same path written as a closure
  /// (`{ $0.child! }` beside `\.child!`), compiled and specialised where it is
  /// written: the cold read then costs the getters themselves. It must read what
  /// `keyPath` reads (the same getters in the same order), so that the read
  /// observes the same fields; `keyPath` stays the child's identity (the same
  /// path gives the same store) and is what a debug build checks `get` against.
  /// Below the first such child, the rest of the way down from the root is
  /// composed of closures (key path steps below it are projected one by one).
  ///
  /// Inlinable, so that the closures it makes (the cold read's step down and the
  /// dispatch of the child's actions) are specialised where the store is scoped.
  ///
  /// - Complexity: a cold read calls one closure per level from the root.
  @inlinable
  public func scope<ChildState: ObservableState, ChildAction>(
    state keyPath: KeyPath<State, ChildState>,
    get: @escaping (State) -> ChildState,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> where ChildState.Strategy == Strategy {
    tree.withExclusiveAccess {
      if let cached = children[ChildKey(keyPath)] as? Store<ChildState, ChildAction> { return cached }
      #if DEBUG
      source.read { state in
        assert(
          get(state)._$identity == state[keyPath: keyPath]._$identity,
          "scope(state:get:action:): get reads another state than keyPath")
      }
      #endif
      let childSource = KeyPathSource(
        parent: source, keyPath: keyPath, project: projection(get), tree: tree)
      let child = Store<ChildState, ChildAction>(tree: tree, source: childSource) { [dispatch] action in
        dispatch(embed(action))
      }
      children[ChildKey(keyPath)] = child
      return child
    }
  }

  /// The child store of the nested state at `keyPath`, whose cold reads find it
  /// in place with `locate` instead of copying it out of every ancestor.
  ///
  /// A getter (`get:`) returns its child by value: each level's state is copied
  /// out of its parent's, with a retain and a release of every reference it
  /// holds, only for the next level to copy its own child out of it. `locate` is
  /// the same step written as an address: where the child is stored in the
  /// parent at `parent` (an array's buffer, a field). Composed from the root's
  /// memory down, a cold read walks addresses, as plain code reading nested
  /// structs in place does, and copies no state: the memo until the next send
  /// is the address found.
  /// `locate` must read what `keyPath` reads (record the same fields, as the
  /// getters do: `access(_:at:)`) and must not write; the address
  /// it returns is used under the tree's guard, before the next send, while
  /// the state it points into is neither mutated nor freed. `keyPath` stays the
  /// child's identity and is what a debug build checks `locate` against.
  /// Below a parent that is not located from the root (an optional or row
  /// child, or a key path step), `locate` is applied to a copy of the parent.
  ///
  /// Inlinable, so that the closures it makes are specialised where the store
  /// is scoped.
  ///
  /// - Complexity: a cold read below located steps only calls each level's
  ///   `locate`, in one loop from the root's memory (`LocatedPath`).
  @inlinable
  public func scope<ChildState: ObservableState, ChildAction>(
    state keyPath: KeyPath<State, ChildState>,
    locate: @escaping (UnsafePointer<State>) -> UnsafePointer<ChildState>,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> where ChildState.Strategy == Strategy {
    tree.withExclusiveAccess {
      if let cached = children[ChildKey(keyPath)] as? Store<ChildState, ChildAction> { return cached }
      assertLocates(keyPath, locate, "scope(state:locate:action:)")
      let childSource = locatedSource(keyPath, locate)
      let child = Store<ChildState, ChildAction>(tree: tree, source: childSource) { [dispatch] action in
        dispatch(embed(action))
      }
      children[ChildKey(keyPath)] = child
      return child
    }
  }

  /// The child store of the optional (presented) state at `keyPath`, or `nil`
  /// while it is nil. The store ends when the state becomes nil or is replaced:
  /// its reads then return the last value and its sends are dropped; a new
  /// presentation gets a new store.
  ///
  /// `keyPath` is projected at run time on every read and send of the child;
  /// `scope(state:get:action:)` with a compiled getter is not.
  @inlinable
  public func scope<ChildState: ObservableState, ChildAction>(
    state keyPath: KeyPath<State, ChildState?>,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? where ChildState.Strategy == Strategy {
    scope(state: keyPath, get: { $0[keyPath: keyPath] }, action: embed)
  }

  /// The child store of the optional (presented) state at `keyPath`, whose reads
  /// and sends call `get` instead of projecting `keyPath` at run time; `keyPath`
  /// stays its identity (see the non-optional `scope(state:get:action:)` for
  /// what `get` must read).
  ///
  /// - Complexity: a read or send of the child calls one closure per level from
  ///   the root, plus `get`.
  @inlinable
  public func scope<ChildState: ObservableState, ChildAction>(
    state keyPath: KeyPath<State, ChildState?>,
    get: @escaping (State) -> ChildState?,
    action embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? where ChildState.Strategy == Strategy {
    let current = read(get)
    return tree.withExclusiveAccess {
      guard let current else {
        children[ChildKey(keyPath)] = nil
        return nil
      }
      if let cached = children[ChildKey(keyPath)] as? Store<ChildState, ChildAction>, cached.source.isPresent {
        return cached
      }
      let project = projection(get)
      let child = endingChild(
        initial: current,
        refresh: { _, last in
          guard let state = project(), state._$identity == last.pointee._$identity else { return false }
          last.pointee = state
          return true
        },
        find: { _, identity in project()?._$identity == identity },
        embed: embed)
      children[ChildKey(keyPath)] = child
      return child
    }
  }

  /// The child store of the row `id` of the identified collection at `keyPath`,
  /// or `nil` if there is no such row: the per-row store of a `ForEach`. Cached per
  /// row; the store ends when its row is removed or replaced.
  ///
  /// `keyPath` is projected at run time on every read of the row, and on the
  /// presence check of a send after one that may have ended it;
  /// `scope(row:of:get:action:)` with a compiled getter is not.
  @inlinable
  public func scope<Row, RowAction>(
    row id: Row.ID,
    of keyPath: KeyPath<State, IdentifiedArray<Row>>,
    action embed: @escaping (Row.ID, RowAction) -> Action
  ) -> Store<Row, RowAction>? where Row.Strategy == Strategy {
    scope(row: id, of: keyPath, get: { $0[keyPath: keyPath] }, action: embed)
  }

  /// The child store of the row `id` of the identified collection at `keyPath`,
  /// whose reads and sends call `get` instead of projecting `keyPath` at run
  /// time; `keyPath` and `id` stay its identity (`get` must read what `keyPath`
  /// reads, as for `scope(state:get:action:)`).
  ///
  /// Inlinable, so that the closures it makes (the row's projection from the
  /// root, its presence check and the dispatch of its actions) are specialised
  /// where the store is scoped.
  ///
  /// - Complexity: a read or send of the row calls one closure per level from
  ///   the root, plus `get`; it finds the row where it was found last, and looks
  ///   it up by id only when a removal moved it.
  @inlinable
  public func scope<Row, RowAction>(
    row id: Row.ID,
    of keyPath: KeyPath<State, IdentifiedArray<Row>>,
    get: @escaping (State) -> IdentifiedArray<Row>,
    action embed: @escaping (Row.ID, RowAction) -> Action
  ) -> Store<Row, RowAction>? where Row.Strategy == Strategy {
    tree.withExclusiveAccess {
      let cache = rowCache(keyPath, for: Row.self, RowAction.self)
      if let cached = cache.store(for: id) as? Store<Row, RowAction>, cached.source.isPresent {
        return cached
      }
      return rowChild(id, get: get, cache: cache, embed: embed)
    }
  }

  /// The row store cache of the collection at `keyPath`, made on first use.
  /// Called under the tree's guard.
  @inlinable
  func rowCache<Row, RowAction>(
    _ keyPath: KeyPath<State, IdentifiedArray<Row>>, for _: Row.Type, _: RowAction.Type
  ) -> RowStoreCache<Row.ID> where Row.Strategy == Strategy {
    let cache: RowStoreCache<Row.ID>
    // The same key path, hence the same row type: the cast is sound.
    if let last = lastRowCache, last.path === keyPath {
      cache = unsafeDowncast(last.cache, to: RowStoreCache<Row.ID>.self)
    } else {
      let key = ChildKey(RowCacheKey(path: keyPath))
      if let found = children[key] {
        cache = unsafeDowncast(found, to: RowStoreCache<Row.ID>.self)
      } else {
        cache = RowStoreCache()
        children[key] = cache
      }
      lastRowCache = (keyPath, cache)
    }
    return cache
  }

  /// Caches the row store `child` of row `id` in `cache`, sweeping out the
  /// stores of ended rows when the cache is due.
  @inlinable
  func cacheRow<Row: ObservableState & Identifiable, RowAction>(
    _ child: Store<Row, RowAction>, _ id: Row.ID, in cache: RowStoreCache<Row.ID>
  ) where Row.Strategy == Strategy {
    cache.insert(child, for: id) { store in
      // A store of another action type at this path is kept: its row is not known here.
      (store as? Store<Row, RowAction>)?.source.isPresent ?? true
    }
  }

  /// The row store of `scope(row:of:get:action:)`, made under the tree's guard.
  @inlinable
  func rowChild<Row, RowAction>(
    _ id: Row.ID, get: @escaping (State) -> IdentifiedArray<Row>, cache: RowStoreCache<Row.ID>,
    embed: @escaping (Row.ID, RowAction) -> Action
  ) -> Store<Row, RowAction>? where Row.Strategy == Strategy {
    guard let row = source.read({ get($0)[id: id] }) else {
      cache.remove(id)
      return nil
    }
    // The way down is the row source's own (a struct, not a closure composed
    // here): from the root's memory, lent, or from the parent's projection.
    let child: Store<Row, RowAction>
    if let rootState {
      child = rowChild(initial: row, id: id, rows: RootRows(root: rootState, get: get), embed: embed)
    } else {
      child = rowChild(
        initial: row, id: id, rows: ProjectedRows(parent: source.projection(), get: get), embed: embed)
    }
    cacheRow(child, id, in: cache)
    return child
  }

  /// The child store of the row `id` of the identified collection at `keyPath`,
  /// whose reads and sends find the collection in place with `locate` instead
  /// of copying it out of its parent; `keyPath` and `id` stay its identity.
  ///
  /// A getter (`get:`) returns the collection by value: each read of the row,
  /// and the presence check before each send that follows another row's send,
  /// copies it (a retain and a release of its storage and of its registrar).
  /// `locate` is the same step written as an address, as for
  /// `scope(state:locate:action:)`: it must record what `keyPath` reads
  /// (`access(_:at:)`) and must not write. Below a parent that is not located
  /// from the root, `locate` is applied to a copy of the parent.
  ///
  /// - Complexity: a read or send of the row calls one closure per level from
  ///   the root, plus `locate`; it finds the row where it was found last, and
  ///   looks it up by id only when a removal moved it.
  @inlinable
  public func scope<Row, RowAction>(
    row id: Row.ID,
    of keyPath: KeyPath<State, IdentifiedArray<Row>>,
    locate: @escaping (UnsafePointer<State>) -> UnsafePointer<IdentifiedArray<Row>>,
    action embed: @escaping (Row.ID, RowAction) -> Action
  ) -> Store<Row, RowAction>? where Row.Strategy == Strategy {
    tree.withExclusiveAccess {
      let cache = rowCache(keyPath, for: Row.self, RowAction.self)
      if let cached = cache.store(for: id) as? Store<Row, RowAction>, cached.source.isPresent {
        return cached
      }
      assertLocates(keyPath, locate, "scope(row:of:locate:action:)")
      // The collection's path is the same for all its rows: made once, kept
      // with their cache.
      if cache.located == nil, let path = source.locatedPath() { cache.located = path.appending(locate) }
      guard let located = cache.located else {
        let step = { (parent: State) in withUnsafePointer(to: parent) { locate($0).pointee } }
        return rowChild(id, get: step, cache: cache, embed: embed)
      }
      guard let row = IdentifiedArray.row(id, in: located.locate(IdentifiedArray<Row>.self)) else {
        cache.remove(id)
        return nil
      }
      let child = rowChild(initial: row, id: id, rows: LocatedRows<Row>(path: located), embed: embed)
      cacheRow(child, id, in: cache)
      return child
    }
  }

  /// In a debug build, checks under the tree's guard that `locate` finds in
  /// this store's state the state `keyPath` reads: a located scope's step
  /// must reach what its key path names. `scope` names the caller.
  @inlinable
  func assertLocates<Child: ObservableState>(
    _ keyPath: KeyPath<State, Child>, _ locate: (UnsafePointer<State>) -> UnsafePointer<Child>, _ scope: String
  ) {
    #if DEBUG
    source.read { state in
      withUnsafePointer(to: state) { parent in
        assert(
          locate(parent).pointee._$identity == state[keyPath: keyPath]._$identity,
          "\(scope): locate finds another state than keyPath")
      }
    }
    #endif
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
    return Store<ChildState, ChildAction>(tree: tree, source: source) { [dispatch, tree] action in
      guard source.isKnownPresent || tree.withExclusiveAccess({ source.isPresentNow }) else { return }
      dispatch(embed(action))
    }
  }

  /// The store of the row `id`, found by `rows`: one ``RowSource``, which
  /// finds the row and embeds the store's actions itself, so that the store's
  /// dispatch captures nothing else (a closure of one object is that object,
  /// with no context of its own).
  @inlinable
  func rowChild<Rows: RowCollectionWay, RowAction>(
    initial: Rows.Row, id: Rows.Row.ID, rows: Rows, embed: @escaping (Rows.Row.ID, RowAction) -> Action
  ) -> Store<Rows.Row, RowAction> where Rows.Row.Strategy == Strategy {
    let source = RowSource<Rows, Action, RowAction>(
      parent: self.source, initial: initial, id: id, rows: rows, tree: tree, dispatch: dispatch, embed: embed)
    return Store<Rows.Row, RowAction>(tree: tree, source: source) { [source] action in source.send(action) }
  }
}
