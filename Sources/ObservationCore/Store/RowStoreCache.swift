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
  /// The cached stores, each a `Store<Row, RowAction>` of the scope that made it.
  /// Guarded by the tree's guard.
  @exclusivity(unchecked) @usableFromInline var stores: [ID: AnyObject] = [:]
  /// How many stores the cache may hold before the next sweep.
  @exclusivity(unchecked) @usableFromInline var sweepAt = 16

  @usableFromInline
  init() {}

  /// Caches `store` for `id`, first dropping the stores `isPresent` says
  /// ended if the cache reached its sweep size.
  @inlinable
  func insert(_ store: AnyObject, for id: ID, _ isPresent: (AnyObject) -> Bool) {
    if stores.count >= sweepAt {
      stores = stores.filter { isPresent($0.value) }
      sweepAt = max(16, 2 * stores.count)
    }
    stores[id] = store
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
