import ObservationCore

/// Per-field invalidation with the bits handed out from the top: field 0 is bit
/// 63, field 62 bit 1, fields from 63 on share bit 0.
///
/// The same granularity as `KeyPathInvalidation` on another layout: a strategy
/// made outside ObservationCore (its policy is this test target's), so that the
/// tests prove an outside strategy composes with the core's registrars and scopes
/// and is picked up by every capability-selected list, benchmark suites included
/// (``ExtensionTests``).
enum MirroredKeyPathInvalidation: InvalidationPolicy {
  static var id: String { "mirrored" }

  static func mask(for field: ObservedField) -> UInt64 {
    (1 as UInt64) &<< UInt64(63 - min(field.index, 63))
  }

  static var isPerField: Bool { true }
}

/// `lock-thread-mirrored`: the core's mutex registrar and thread-local scope with
/// this target's policy; usable from any thread, so the contention suite and the
/// concurrency stress tests run it.
typealias LockThreadMirrored = Strategy<MutexRegistrar, ThreadLocalScope, MirroredKeyPathInvalidation>

/// The strategies this test target adds to the catalog's: the one line a new
/// strategy needs here.
enum AddedStrategies {
  /// The added strategies, as catalog entries.
  static let entries = [CatalogEntry(LockThreadMirrored.self, role: .variant)]
}
