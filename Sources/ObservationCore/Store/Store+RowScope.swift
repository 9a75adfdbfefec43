extension Store {
  /// The child store of the row `id` of the identified collection `path`
  /// reaches, or `nil` if there is no such row: the per-row store of a
  /// `ForEach`. Cached per row; the store ends when its row is removed or
  /// replaced. `path`'s key path and `id` are its identity.
  ///
  /// Its reads find the row where it was found last, and look it up by id only
  /// when a removal moved it. The collection is reached the way `path` says
  /// (``ChildPath``); found in place (`.locate`), a read copies neither the
  /// collection nor its parent, where a getter or a key path returns the
  /// collection by value (a retain and a release of its storage and of its
  /// registrar per read, and per presence check before a send that follows
  /// another row's).
  ///
  /// Inlinable, so that the closures it makes (the row's way from the root,
  /// its presence check and the dispatch of its actions) are specialised where
  /// the store is scoped.
  ///
  /// A row that comes back (the same id, after its row ended) gets a store
  /// that is present again: a new one, or the one it had if nothing but the
  /// cache holds that any more (its views let go of it when the row ended).
  /// That store is then revived for the row rather than freed and made anew
  /// (a store and its source freed and allocated, about 1 700 instructions per
  /// returning row of `collections/remove-where-rearm`). A store that anyone
  /// holds (strongly) ends for good; one held only weakly may come back.
  ///
  /// - Complexity: amortised O(1) once the row's store exists (a lookup of
  ///   the id in the collection's cache of row stores).
  @inlinable
  public func scope<Row, RowAction>(
    row id: Row.ID,
    of path: ChildPath<State, IdentifiedArray<Row>>,
    action embed: @escaping (Row.ID, RowAction) -> Action
  ) -> Store<Row, RowAction>? where Row.Strategy == Strategy {
    tree.withExclusiveAccess {
      let cache = rowCache(path.keyPath, for: Row.self, RowAction.self)
      var ended: Store<Row, RowAction>?
      if let position = cache.positions[id] {
        var sameType = false
        do {
          // The reference taken here ends with this block, before the cache's
          // is asked whether it is the only one.
          if let cached = cache.stores[position] as? Store<Row, RowAction> {
            if cached.source.isPresent { return cached }
            sameType = true
          }
        }
        if sameType, cache.isHeldAlone(at: position) {
          ended = unsafeDowncast(cache.stores[position], to: Store<Row, RowAction>.self)
        }
      }
      return rowChild(id, of: path, cache: cache, reviving: ended, embed: embed)
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

  /// The store of the row `id`, made and cached under the tree's guard, or
  /// `ended` revived for it; `nil`, and nothing cached, if there is no such
  /// row.
  ///
  /// The way down is the row source's own (a struct, not a closure composed
  /// here): along the collection's located path, made once and kept with the
  /// cache, when the collection is found in place from the root; else the
  /// path's getter applied to the root's memory, lent, or to the parent's
  /// projection.
  @inlinable
  func rowChild<Row, RowAction>(
    _ id: Row.ID, of path: ChildPath<State, IdentifiedArray<Row>>, cache: RowStoreCache<Row.ID>,
    reviving ended: Store<Row, RowAction>?, embed: @escaping (Row.ID, RowAction) -> Action
  ) -> Store<Row, RowAction>? where Row.Strategy == Strategy {
    assertFinds(path, { $0._$identity }, "scope(row:of:action:)")
    if let locate = path.locator, cache.located == nil {
      cache.located = source.locatedPath()?.appending(locate)
    }
    let child: Store<Row, RowAction>
    if path.locator != nil, let located = cache.located {
      guard let row = IdentifiedArray.row(id, in: located.locate(IdentifiedArray<Row>.self)) else {
        cache.remove(id)
        return nil
      }
      if let ended { return Self.revive(ended, row) }
      child = rowChild(initial: row, id: id, rows: LocatedRows<Row>(path: located), embed: embed)
    } else {
      let getter = path.getter
      guard let row = source.read({ getter.get($0)[id: id] }) else {
        cache.remove(id)
        return nil
      }
      if let ended { return Self.revive(ended, row) }
      if let rootState {
        child = rowChild(initial: row, id: id, rows: RootRows(root: rootState, getter: getter), embed: embed)
      } else {
        child = rowChild(
          initial: row, id: id, rows: ProjectedRows(parent: source.projection(), getter: getter), embed: embed)
      }
    }
    cacheRow(child, id, in: cache)
    return child
  }

  /// `store`, whose row ended and which nothing but its cache holds, present
  /// again for `row`, the row of its id that came back.
  @inlinable
  static func revive<Row, RowAction>(_ store: Store<Row, RowAction>, _ row: Row) -> Store<Row, RowAction> {
    store.endingRef.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.revive(row) }
    return store
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
    return Store<Rows.Row, RowAction>(tree: tree, ending: source) { [source] action in source.send(action) }
  }
}
