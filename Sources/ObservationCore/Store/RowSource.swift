import CObservationSupport
import Synchronization

/// One row of an identified collection, for its row store: an ending state
/// that finds its row itself and embeds its store's actions itself.
///
/// Everything a row store needs beyond the store is in this one object: the
/// id, the slot the row was found in last, the way to the collection
/// (`Rows`, a struct, so the way is compiled in rather than called through a
/// closure) and the parent's dispatch, and (``EndingSource``) the last row
/// read. A row store is then two allocations, the store and this source,
/// where closures composed per row made seven: a hint, a refresh, a find, a
/// dispatch, the source, the memory of the last row and the store
/// (`reported/append-rows[1000]`: 10 allocations per shown row, 6 of them the
/// row store's).
@usableFromInline
final class RowSource<Rows: RowCollectionWay, ParentAction, RowAction>: EndingSource<Rows.Row> {
  @usableFromInline typealias Row = Rows.Row

  /// The row's id.
  @usableFromInline let id: Row.ID
  /// The way to the collection from the root's state.
  @usableFromInline let rows: Rows
  /// The slot the row was found in last, or `.max`: what lets its reads skip
  /// the lookup by id (`IdentifiedStorage.rowAddress(_:near:)`). Written under
  /// the tree's guard; an atomic because a row's send reads it without
  /// (`send(_:)`). Relaxed loads and stores are plain moves.
  @usableFromInline let slot = Atomic<Int>(.max)
  /// The parent store's dispatch, and how a row action becomes the parent's.
  @usableFromInline let dispatch: (ParentAction) -> Void
  @usableFromInline let embed: (Row.ID, RowAction) -> ParentAction

  @inlinable
  init<Parent>(
    parent: StateSource<Parent>, initial: Row, id: Row.ID, rows: Rows, tree: StoreTree<Row.Strategy>,
    dispatch: @escaping (ParentAction) -> Void, embed: @escaping (Row.ID, RowAction) -> ParentAction
  ) {
    self.id = id
    self.rows = rows
    self.dispatch = dispatch
    self.embed = embed
    // Closures that capture nothing, specialised here: the source they are
    // passed is this one (sound downcasts: `EndingSource` passes itself).
    super.init(
      parent: parent, initial: initial,
      refresh: { source, last in unsafeDowncast(source, to: Self.self).refreshRow(into: last) },
      find: { source, identity in unsafeDowncast(source, to: Self.self).findRow(identity) },
      tree: tree)
  }

  /// Whether the row was found (`found` is its slot), remembering the slot.
  @inlinable @inline(__always)
  func found(_ found: Int?) -> Bool {
    guard let found else { return false }
    slot.store(found, ordering: .relaxed)
    return true
  }

  /// `refresh` of an ending source: the row copied into `last` if it is there
  /// with the identity of the row in `last`.
  @inlinable
  func refreshRow(into last: UnsafeMutablePointer<Row>) -> Bool {
    let hint = slot.load(ordering: .relaxed)
    // Sound: `last` is this source's own memory, lent for the call under the
    // tree's guard; the storage is read within `withStorage`'s closure.
    return found(rows.withStorage { $0.refreshRow(id, near: hint, into: last) })
  }

  /// `find` of an ending source: whether the row is there with `identity`.
  @inlinable
  func findRow(_ identity: StateIdentity) -> Bool {
    let hint = slot.load(ordering: .relaxed)
    // Sound: the storage is read within `withStorage`'s closure, under the
    // tree's guard.
    return found(rows.withStorage { $0.findRow(id, near: hint, identity: identity) })
  }

  /// The row store's send: dropped once the row ended; otherwise the action,
  /// embedded with the id, goes to the parent, and the reducer's update of the
  /// row looks first where the row was found last (`IdentifiedArray.slot(of:)`).
  @inlinable @inline(__always)
  func send(_ action: RowAction) {
    guard isKnownPresent || tree.withExclusiveAccess({ isPresentNow }) else { return }
    obs_thread_row_slot_set(slot.load(ordering: .relaxed))
    dispatch(embed(id, action))
  }
}

/// The way from the root's state to an identified collection, for a row
/// source: called under the tree's guard, with the collection's storage.
@usableFromInline
protocol RowCollectionWay {
  associatedtype Row: ObservableState & Identifiable
  func withStorage<R>(_ body: (IdentifiedStorage<Row>) -> R) -> R
}

/// A collection found in place: a located path to it.
@usableFromInline
struct LocatedRows<Row: ObservableState & Identifiable>: RowCollectionWay {
  @usableFromInline let path: LocatedPath

  @inlinable
  init(path: LocatedPath) { self.path = path }

  @inlinable
  func withStorage<R>(_ body: (IdentifiedStorage<Row>) -> R) -> R {
    // Sound: the located collection lives in the root's state, which the
    // tree's guard, held by the caller, keeps from being written meanwhile.
    body(path.locate(IdentifiedArray<Row>.self).pointee._storage)
  }
}

/// A collection returned by a getter from the root's state, lent in place.
@usableFromInline
struct RootRows<Parent, Row: ObservableState & Identifiable>: RowCollectionWay {
  /// The root store's state memory (`RootSource.state`), read under the
  /// tree's guard.
  @usableFromInline let root: UnsafeMutablePointer<Parent>
  @usableFromInline let getter: ChildGetter<Parent, IdentifiedArray<Row>>

  @inlinable
  init(root: UnsafeMutablePointer<Parent>, getter: ChildGetter<Parent, IdentifiedArray<Row>>) {
    self.root = root
    self.getter = getter
  }

  @inlinable
  func withStorage<R>(_ body: (IdentifiedStorage<Row>) -> R) -> R {
    // Sound: the caller holds the tree's guard, so nothing else reaches the
    // root's state while it is lent, and the getter is given the value, not
    // the memory.
    root.withPointeeLent { body(getter.get($0)._storage) }
  }
}

/// A collection returned by a getter from a parent state its source projects.
@usableFromInline
struct ProjectedRows<Parent, Row: ObservableState & Identifiable>: RowCollectionWay {
  @usableFromInline let parent: () -> Parent
  @usableFromInline let getter: ChildGetter<Parent, IdentifiedArray<Row>>

  @inlinable
  init(parent: @escaping () -> Parent, getter: ChildGetter<Parent, IdentifiedArray<Row>>) {
    self.parent = parent
    self.getter = getter
  }

  @inlinable
  func withStorage<R>(_ body: (IdentifiedStorage<Row>) -> R) -> R {
    body(getter.get(parent())._storage)
  }
}
