/// The allocation counters at one instant, read outside the measured region.
public struct AllocationSnapshot: Hashable, Sendable {
  /// Bytes allocated since they started by the current thread and every thread
  /// enrolled in the count (``AllocationCounter/enrollCurrentThread()``; jemalloc
  /// `thread.allocated`, in usable size, so rounded up to the size class).
  public var allocatedBytes: UInt64
  /// Allocation requests served by all arenas since the process started
  /// (small plus large `nrequests`).
  public var requests: UInt64

  /// Creates a snapshot from its parts.
  public init(allocatedBytes: UInt64, requests: UInt64) {
    self.allocatedBytes = allocatedBytes
    self.requests = requests
  }

  /// The allocations and bytes between `earlier` and `self`.
  public func since(_ earlier: AllocationSnapshot) -> (allocations: UInt64, bytes: UInt64) {
    (requests &- earlier.requests, allocatedBytes &- earlier.allocatedBytes)
  }
}
