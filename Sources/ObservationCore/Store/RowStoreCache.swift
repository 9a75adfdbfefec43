/// The row stores of one identified collection of a store, by id: what
/// `scope(row:of:...)` returns again for a row it scoped before.
///
/// Typed by the id, so a lookup hashes an id and compares ids. Keyed in the
/// store's `children` as one entry per collection, a row store looked up by
/// `ChildKey` (an `AnyHashable` of path and id) cost its `==` on every hit, a
/// cast through generic metadata: about 5 800 instructions of the 11 000 that
/// scoping a new row cost in `reported/create-clear`.
///
/// Row stores whose row ended are evicted, in sweeps: when an insert finds the
/// cache holding twice the stores it kept at its last sweep (and at least 16),
/// every cached store's row is checked and the stores of rows that are gone
/// are dropped. The cache then holds at most about twice the stores of rows
/// present (deleting rows leaks none), and each sweep is paid for by the
/// inserts since the last: amortised, one presence check per row scoped anew.
/// A sweep after every send that ended a row would check every cached row to
/// scope one (`collections/remove-rearm[100]`: 4.6× apple's time instead of
/// 1.8×).
@usableFromInline
final class RowStoreCache<ID: Hashable> {
  /// The position of each id's store in `stores`, hashed as the collection's
  /// own slots are (``SlotIndex``: an `Int` id by one multiplication).
  @exclusivity(unchecked) @usableFromInline var positions = SlotIndex<ID>()
  /// The cached stores, each a `Store<Row, RowAction>` of the scope that made
  /// it, and their ids, in no particular order. Guarded by the tree's guard.
  @exclusivity(unchecked) @usableFromInline var stores: ContiguousArray<AnyObject> = []
  @exclusivity(unchecked) @usableFromInline var ids: ContiguousArray<ID> = []
  /// The collection's located path, for rows scoped through a `.locate` path: the
  /// same for every row, made when the first row store is. Guarded.
  @exclusivity(unchecked) @usableFromInline var located: LocatedPath?
  /// How many stores the cache may hold before the next sweep.
  @exclusivity(unchecked) @usableFromInline var sweepAt = 16

  @usableFromInline
  init() {}

  /// The store cached for `id`, if any.
  @inlinable
  func store(for id: ID) -> AnyObject? {
    guard let position = positions[id] else { return nil }
    return stores[position]
  }

  /// Whether the cache's reference is the only one to the store at
  /// `position`: nobody else can see what becomes of it.
  @inlinable
  func isHeldAlone(at position: Int) -> Bool {
    stores.withUnsafeMutableBufferPointer { isKnownUniquelyReferenced(&$0[position]) }
  }

  /// Caches `store` for `id`, first dropping the stores `isPresent` says
  /// ended if the cache reached its sweep size.
  @inlinable
  func insert(_ store: AnyObject, for id: ID, _ isPresent: (AnyObject) -> Bool) {
    let hash = SlotIndex<ID>.hash(id)
    if let position = positions.find(id, hash: hash) {
      stores[position] = store
      return
    }
    if stores.count >= sweepAt {
      sweep(isPresent)
      sweepAt = max(16, 2 * stores.count)
    }
    positions.insert(id, slot: stores.count, hash: hash)
    stores.append(store)
    ids.append(id)
  }

  /// Forgets the store of `id`, if any.
  @inlinable
  func remove(_ id: ID) {
    guard let position = positions[id] else { return }
    positions.remove(id)
    let last = stores.count - 1
    if position != last {
      stores.swapAt(position, last)
      ids.swapAt(position, last)
      positions.set(ids[position], slot: position)
    }
    stores.removeLast()
    ids.removeLast()
  }

  /// Keeps only the stores `isPresent` says have not ended.
  @usableFromInline
  func sweep(_ isPresent: (AnyObject) -> Bool) {
    var keptStores = ContiguousArray<AnyObject>()
    var keptIds = ContiguousArray<ID>()
    var keptPositions = SlotIndex<ID>(capacity: stores.count)
    for position in stores.indices where isPresent(stores[position]) {
      keptPositions.set(ids[position], slot: keptStores.count)
      keptStores.append(stores[position])
      keptIds.append(ids[position])
    }
    (stores, ids, positions) = (keptStores, keptIds, keptPositions)
  }
}

/// The `children` key of a collection's ``RowStoreCache``: apart from a child
/// store scoped at the same path.
@usableFromInline
struct RowCacheKey<Path: Hashable>: Hashable {
  @usableFromInline let path: Path

  @inlinable
  init(path: Path) { self.path = path }
}
