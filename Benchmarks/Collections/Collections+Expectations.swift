import ObservationCore

// Notifications per operation, derived from the store's semantics (StoreTests,
// StoreCollectionTests) with n row observers and one structure observer armed.
//
// A persistent observer is called once per registrar of its reads that a send
// noted, not once per send: a row observer read the root's `rows` and its row,
// the structure observer read `rows` and the collection's own structure field.
// With plain `keypath` a send noting two of them calls it twice; the counts
// below include those second calls.
extension Collections {
  /// One send changing one row's value in place.
  static func notifiedByRowUpdate<S: ObservationStrategy>(_: S.Type, rows n: Int) -> Double {
    // The row's observer only: `rows` kept its identity.
    if S.isIdentity { return 1 }
    // Every observer of the tree, once.
    if S.isWhole { return Double(n + 1) }
    // `rows` changed as a value: all n row observers and the structure observer,
    // plus the updated row's observer again for its own registrar.
    return Double(n + 2)
  }

  /// One send inserting or removing an unobserved row, or moving a row.
  static func notifiedByStructureChange<S: ObservationStrategy>(_: S.Type, rows n: Int) -> Double {
    // The structure observer only.
    if S.isIdentity { return 1 }
    if S.isWhole { return Double(n + 1) }
    // All n row observers through `rows`; the structure observer through `rows`
    // and again through the collection's structure field.
    return Double(n + 2)
  }

  /// One replace-all that drops one observed row and brings back another (n + 1
  /// observed rows, n present).
  static func notifiedByReplaceAll<S: ObservationStrategy>(_: S.Type, rows n: Int) -> Double {
    // The dropped row's observer and the structure observer.
    if S.isIdentity { return 2 }
    // All n + 1 row observers and the structure observer, once.
    if S.isWhole { return Double(n + 2) }
    // n + 1 row observers and the structure observer through `rows`, the
    // structure observer again, the dropped row's observer again.
    return Double(n + 4)
  }

  /// One send removing an observed row or putting it back: the two halves
  /// differ for per-field strategies (remove: + the row's observer, + one
  /// second call under plain keypath), so only `whole` has a fixed count.
  static func notifiedByRemoveOrReinsert<S: ObservationStrategy>(_: S.Type, rows n: Int) -> Double? {
    S.isWhole ? Double(n + 1) : nil
  }
}
