import ObservationCore

// Notifications per operation, derived from the store's semantics (StoreTests,
// StoreCollectionTests) with n row observers and one structure observer armed.
//
// A store notifies each observer at most once per send, however many of the
// registrars it read the send wrote: a row observer read the root's `rows` and its
// row, the structure observer read `rows` and the collection's structure field.
extension Collections {
  /// One send changing one row's value in place.
  static func notifiedByRowUpdate<S: ObservationStrategy>(_: S.Type, rows n: Int) -> Double {
    // The row's observer only: `rows` kept its identity.
    if S.isIdentity { return 1 }
    // Whole: every observer of the tree. Plain keypath: `rows` changed as a
    // value, and every observer read it on the way to its row or the structure.
    return Double(n + 1)
  }

  /// One send inserting or removing an unobserved row, or moving a row.
  static func notifiedByStructureChange<S: ObservationStrategy>(_: S.Type, rows n: Int) -> Double {
    // The structure observer only.
    if S.isIdentity { return 1 }
    // All n row observers and the structure observer, through `rows`.
    return Double(n + 1)
  }

  /// One replace-all that drops one observed row and brings back another (n + 1
  /// observed rows, n present).
  static func notifiedByReplaceAll<S: ObservationStrategy>(_: S.Type, rows n: Int) -> Double {
    // The dropped row's observer and the structure observer.
    if S.isIdentity { return 2 }
    // All n + 1 row observers and the structure observer, once each.
    return Double(n + 2)
  }

  /// One send removing an observed row or putting it back. With identity skipping
  /// the halves differ (removing also notifies the row's own observer), so only
  /// the strategies that notify everyone through `rows` have a fixed count.
  static func notifiedByRemoveOrReinsert<S: ObservationStrategy>(_: S.Type, rows n: Int) -> Double? {
    S.isIdentity ? nil : Double(n + 1)
  }
}
