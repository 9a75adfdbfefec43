#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads jemalloc's allocation statistics: requests and their bytes, over every
/// thread of the process.
///
/// Counts and bytes come from the same scope, the statistics of all arenas: per
/// size class, `stats.arenas.<all>.bins.<j>.nrequests` (small) and
/// `stats.arenas.<all>.lextents.<j>.nrequests` (large); the count is their sum and
/// the bytes are each class's requests times its size (`arenas.bin.<j>.size`,
/// `arenas.lextent.<j>.size`), i.e. usable size, as `thread.allocated` counts it.
/// So a contention case's workers count in both, and bytes per allocation mean
/// what they say. jemalloc merges a thread's cached requests into the arenas when
/// that thread's cache flushes and publishes them after an `epoch` write: a
/// snapshot flushes the calling thread's cache and advances the epoch first;
/// other threads' caches merge as they fill or are collected, so a worker's last
/// few requests of one sample may count in the next. Reading every class costs
/// tens of microseconds, which is why it happens once per sample, outside the
/// timed region, never per operation.
///
/// ``shared`` is `nil` when jemalloc is not the process's allocator (see
/// ``JemallocPreload``) or was built without statistics: allocations are then
/// reported as unavailable, never as wrong numbers.
public struct AllocationCounter: Sendable {
  private let jemalloc: Jemalloc
  private let epochMIB: [Int]
  private let flushMIB: [Int]
  /// Per size class: the MIB of its request count and its size in bytes.
  private let classes: [(requestsMIB: [Int], size: UInt64)]
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
      let classes = AllocationCounter.sizeClasses(jemalloc),
      let allocated = AllocationCounter.mib("thread.allocatedp", jemalloc)
    else { return nil }
    self.jemalloc = jemalloc
    epochMIB = epoch
    flushMIB = flush
    self.classes = classes
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
    var requests: UInt64 = 0
    var bytes: UInt64 = 0
    for sizeClass in classes {
      let count: UInt64 = read(sizeClass.requestsMIB) ?? 0
      requests &+= count
      bytes &+= count &* sizeClass.size
    }
    return AllocationSnapshot(allocatedBytes: bytes, requests: requests)
  }

  /// The calling thread's allocated-bytes total (`thread.allocated`): one pointer
  /// read after a lookup. Not what ``snapshot()`` reports, which covers every thread.
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

  // The request-count MIB and size of every small bin and large extent class.
  private static func sizeClasses(_ jemalloc: Jemalloc) -> [(requestsMIB: [Int], size: UInt64)]? {
    func unsigned(_ name: String) -> UInt64? {
      var value: UInt32 = 0
      var size = MemoryLayout<UInt32>.size
      return jemalloc.control(name, &value, &size, nil, 0) == 0 ? UInt64(value) : nil
    }
    func byteSize(_ name: String) -> UInt64? {
      var value: Int = 0
      var size = MemoryLayout<Int>.size
      return jemalloc.control(name, &value, &size, nil, 0) == 0 ? UInt64(value) : nil
    }
    guard let bins = unsigned("arenas.nbins"), let extents = unsigned("arenas.nlextents") else { return nil }
    var classes = [(requestsMIB: [Int], size: UInt64)]()
    for index in 0..<bins {
      guard let size = byteSize("arenas.bin.\(index).size"),
        let mib = mib("stats.arenas.\(Jemalloc.allArenas).bins.\(index).nrequests", jemalloc)
      else { return nil }
      classes.append((mib, size))
    }
    for index in 0..<extents {
      guard let size = byteSize("arenas.lextent.\(index).size"),
        let mib = mib("stats.arenas.\(Jemalloc.allArenas).lextents.\(index).nrequests", jemalloc)
      else { return nil }
      classes.append((mib, size))
    }
    return classes
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
    case (true?, true): return name
    case (true?, false): return "\(name) linked but not serving malloc (allocations unavailable)"
    default: return "\(name) without statistics (allocations unavailable)"
    }
  }
}
