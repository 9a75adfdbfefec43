/// The memory a case's fixture holds for what it observes: n things built and
/// held, jemalloc's live bytes before, while held and after they are freed
/// (``PreparedCase/footprint``).
///
/// Live bytes are jemalloc's `stats.allocated`, process-wide, read with the
/// building thread's cache flushed: every thread's allocations, in the size
/// classes jemalloc hands out (what the process pays, not what was asked for).
public struct HeldMemory: Codable, Hashable, Sendable {
  /// How many things were built and held: models, rows, scopes.
  public var items: Int
  /// Live bytes while the things were held, less live bytes before.
  public var heldBytes: Double
  /// Live bytes after the things were freed, less live bytes before: what
  /// stayed. Near zero for a fixture whose things all died.
  public var leftBytes: Double

  /// Creates a measurement.
  public init(items: Int, heldBytes: Double, leftBytes: Double) {
    self.items = items
    self.heldBytes = heldBytes
    self.leftBytes = leftBytes
  }

  /// Bytes held per thing.
  public var bytesPerItem: Double { heldBytes / Double(max(items, 1)) }

  /// What may stay after the things were freed and still count as nothing:
  /// other threads' caches move `stats.allocated` by up to about 20 KiB while
  /// the fixture is built (a debug build's run at 1 000 things), so 32 KiB or
  /// a hundredth of what was held, whichever is more. More is a leak, and
  /// fails the case: at 10 000 things, one of 8 bytes each or more.
  public var allowedLeftBytes: Double { max(32_768, heldBytes / 100) }

  /// The pass whose held bytes are the median of `passes` (the first pass
  /// alone measures it in a run; merged runs may bring more), with the most
  /// any pass left behind: a leak in one process is a leak.
  public static func merging(_ passes: [HeldMemory]) -> HeldMemory? {
    guard !passes.isEmpty else { return nil }
    var median = passes.sorted { $0.heldBytes < $1.heldBytes }[(passes.count - 1) / 2]
    median.leftBytes = passes.map(\.leftBytes).max() ?? median.leftBytes
    return median
  }
}
