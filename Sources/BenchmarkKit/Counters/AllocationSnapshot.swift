/// The allocation counters at one instant, read outside the measured region.
public struct AllocationSnapshot: Hashable, Sendable {
  /// Bytes requested of all arenas since the process started, every thread, in
  /// usable size (each request counted at its size class).
  public var allocatedBytes: UInt64
  /// Allocation requests served by all arenas since the process started, every
  /// thread (the same requests as ``allocatedBytes``).
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
