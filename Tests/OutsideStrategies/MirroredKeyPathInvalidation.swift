import ObservationCore

/// Per-field invalidation with the bits handed out from the top: field 0 is bit
/// 63, field 62 bit 1, fields from 63 on share bit 0.
///
/// The same granularity as `KeyPathInvalidation` on another layout: a strategy
/// made outside ObservationCore, in a module of its own that sees only the
/// core's public API, as an app's would, so that the tests prove an outside
/// strategy composes with the core's registrars and scopes (the core's tests)
/// and is picked up by every capability-selected list, benchmark suites
/// included (`ExtensionTests` in BenchmarksTests).
package enum MirroredKeyPathInvalidation: InvalidationPolicy {
  package static var id: String { "mirrored" }

  package static func mask(for field: ObservedField) -> UInt64 {
    (1 as UInt64) &<< UInt64(63 - min(field.index, 63))
  }

  package static var isPerField: Bool { true }
}

/// `lock-thread-mirrored`: the core's mutex registrar and thread-local scope with
/// this module's policy; usable from any thread, so the contention suite and the
/// concurrency stress tests run it.
package typealias LockThreadMirrored = Strategy<MutexRegistrar, ThreadLocalScope, MirroredKeyPathInvalidation>

/// The strategies this module adds to the catalog's: the one line a new
/// strategy needs here.
package enum AddedStrategies {
  /// The added strategies, as catalog entries.
  package static let entries = [CatalogEntry(LockThreadMirrored.self, role: .variant)]
}
