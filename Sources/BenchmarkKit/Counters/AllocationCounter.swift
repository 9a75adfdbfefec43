import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads jemalloc's allocation statistics: allocation requests and bytes, both
/// over the same threads — the one measuring and every thread enrolled as doing
/// part of the operation (``enrollCurrentThread()``: the workers of contention
/// cases).
///
/// Counts come from `stats.arenas.<all>.{small,large}.nrequests`, which jemalloc
/// updates only when a thread cache flushes and publishes only after an `epoch`
/// write: a snapshot therefore flushes the calling thread's cache and advances
/// the epoch first, and an enrolled thread flushes its own cache when its share
/// of a run is done (``flushThreadCache()``), before the caller's run returns.
/// Bytes come from each of those threads' `thread.allocatedp`, a pointer to the
/// thread's running total, summed. That costs microseconds, which is why it
/// happens once per sample and never per operation.
///
/// ``shared`` is `nil` when jemalloc is not the process's allocator (see
/// ``JemallocPreload``) or was built without statistics: allocations are then
/// reported as unavailable, never as wrong numbers.
public struct AllocationCounter: Sendable {
  private let jemalloc: Jemalloc
  private let epochMIB: [Int]
  private let flushMIB: [Int]
  private let smallRequestsMIB: [Int]
  private let largeRequestsMIB: [Int]
  private let allocatedPointerMIB: [Int]

  /// The counter of this process, or `nil` when allocations cannot be counted.
  public static let shared: AllocationCounter? = AllocationCounter()

  /// A one-line description of the allocator, for the run's environment.
  public static let allocatorDescription: String = describeAllocator()

  private init?() {
    guard let jemalloc = Jemalloc.loaded,
      AllocationCounter.readBool("config.stats", jemalloc) == true,
      let epoch = AllocationCounter.mib("epoch", jemalloc),
      let flush = AllocationCounter.mib("thread.tcache.flush", jemalloc),
      let small = AllocationCounter.mib("stats.arenas.\(Jemalloc.allArenas).small.nrequests", jemalloc),
      let large = AllocationCounter.mib("stats.arenas.\(Jemalloc.allArenas).large.nrequests", jemalloc),
      let allocated = AllocationCounter.mib("thread.allocatedp", jemalloc)
    else { return nil }
    self.jemalloc = jemalloc
    epochMIB = epoch
    flushMIB = flush
    smallRequestsMIB = small
    largeRequestsMIB = large
    allocatedPointerMIB = allocated
    guard AllocationCounter.jemallocServesMalloc(self) else { return nil }
  }

  /// Reads the counters for the calling thread.
  public func snapshot() -> AllocationSnapshot {
    // Flushing moves the thread cache's request counts into the arena's; the
    // epoch write then makes the merged totals readable.
    _ = control(flushMIB)
    var epoch: UInt64 = 1
    _ = withUnsafeMutableBytes(of: &epoch) { control(epochMIB, newValue: $0) }
    let small: UInt64 = read(smallRequestsMIB) ?? 0
    let large: UInt64 = read(largeRequestsMIB) ?? 0
    return AllocationSnapshot(allocatedBytes: threadAllocatedBytes() &+ Self.enrolledBytes(), requests: small &+ large)
  }

  /// Publishes the calling thread's cached request counts to the arenas, so the
  /// next snapshot on any thread counts them.
  public func flushThreadCache() {
    _ = control(flushMIB)
  }

  /// Counts the calling thread's allocations in every snapshot until the
  /// returned enrollment ends: for threads that run part of a case's operations.
  /// `nil` when allocations are not counted.
  public static func enrollCurrentThread() -> Enrollment? {
    guard let counter = shared, let pointer: UnsafeMutablePointer<UInt64> = counter.read(counter.allocatedPointerMIB)
    else { return nil }
    let enrollment = Enrollment(pointer: pointer)
    enrolled.withLock { $0[ObjectIdentifier(enrollment)] = UncheckedSendable(pointer) }
    return enrollment
  }

  /// A thread counted in every snapshot; end it before the thread exits.
  public final class Enrollment: Sendable {
    private let pointer: UncheckedSendable<UnsafeMutablePointer<UInt64>>

    fileprivate init(pointer: UnsafeMutablePointer<UInt64>) { self.pointer = UncheckedSendable(pointer) }

    /// Stops counting the thread (its counter lives in its thread-local storage).
    public func end() {
      AllocationCounter.enrolled.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
    }
  }

  private static let enrolled = Mutex<[ObjectIdentifier: UncheckedSendable<UnsafeMutablePointer<UInt64>>]>([:])

  // The enrolled threads' running totals. Another thread's counter is read while
  // it may be written: an aligned 64-bit load, never torn on the platforms this
  // runs on; the runner reads it when the thread's share of a run is done.
  private static func enrolledBytes() -> UInt64 {
    enrolled.withLock { threads in threads.values.reduce(0) { $0 &+ $1.value.pointee } }
  }

  /// The calling thread's allocated-bytes total: one pointer read after a lookup.
  public func threadAllocatedBytes() -> UInt64 {
    let pointer: UnsafeMutablePointer<UInt64>? = read(allocatedPointerMIB)
    return pointer?.pointee ?? 0
  }
}

extension AllocationCounter {
  private func read<Value>(_ mib: [Int]) -> Value? {
    var mib = mib
    var value: Value?
    var size = MemoryLayout<Value>.size
    let status = withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer -> Int32 in
      let status = jemalloc.controlByMIB(&mib, mib.count, buffer.baseAddress, &size, nil, 0)
      if status == 0 { value = buffer[0] }
      return status
    }
    return status == 0 ? value : nil
  }

  private func control(_ mib: [Int], newValue: UnsafeMutableRawBufferPointer? = nil) -> Int32 {
    var mib = mib
    return jemalloc.controlByMIB(&mib, mib.count, nil, nil, newValue?.baseAddress, newValue?.count ?? 0)
  }

  private static func mib(_ name: String, _ jemalloc: Jemalloc) -> [Int]? {
    var mib = [Int](repeating: 0, count: 8)
    var length = mib.count
    guard jemalloc.nameToMIB(name, &mib, &length) == 0 else { return nil }
    return Array(mib.prefix(length))
  }

  static func readBool(_ name: String, _ jemalloc: Jemalloc) -> Bool? {
    var value = false
    var size = MemoryLayout<Bool>.size
    return jemalloc.control(name, &value, &size, nil, 0) == 0 ? value : nil
  }

  // Linking jemalloc does not guarantee it serves `malloc`: another allocator
  // earlier in symbol lookup order would win. Allocate through `malloc` and see
  // whether jemalloc's own counters move.
  private static func jemallocServesMalloc(_ counter: AllocationCounter) -> Bool {
    let before = counter.snapshot()
    guard let block = malloc(4096) else { return false }
    // Without a use the optimiser deletes the malloc/free pair.
    blackHole(block)
    let after = counter.snapshot()
    free(block)
    let (allocations, bytes) = after.since(before)
    return allocations >= 1 && bytes >= 4096
  }

  private static func describeAllocator() -> String {
    guard let jemalloc = Jemalloc.loaded else {
      return JemallocPreload.isSanitized
        ? "sanitizer allocator (allocations unavailable)" : "system malloc (allocations unavailable)"
    }
    var version: UnsafePointer<CChar>?
    var size = MemoryLayout<UnsafePointer<CChar>?>.size
    guard jemalloc.control("version", &version, &size, nil, 0) == 0, let version else {
      return "unknown jemalloc (allocations unavailable)"
    }
    let name = "jemalloc \(String(cString: version))"
    switch (readBool("config.stats", jemalloc), shared != nil) {
    case (true?, true):
      return "\(name); allocations and bytes counted alike, over the measuring thread and a contention case's workers"
    case (true?, false): return "\(name) linked but not serving malloc (allocations unavailable)"
    default: return "\(name) without statistics (allocations unavailable)"
    }
  }
}
