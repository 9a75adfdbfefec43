import BenchmarkKit
import Glibc

/// jemalloc's process-wide count of bytes in live allocations, found at run time
/// (only `obsbench`, which preloads jemalloc, has it): what a check of memory
/// *kept* measures, where allocation counters give bytes allocated per
/// operation.
struct JemallocTotals {
  typealias Control =
    @convention(c) (
      UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
    ) -> Int32

  private let control: Control

  init?() {
    guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallctl") else { return nil }
    control = unsafeBitCast(symbol, to: Control.self)
    guard liveBytes() != nil else { return nil }
  }

  /// Bytes in live allocations now, with this thread's cache flushed.
  func liveBytes() -> Int? {
    _ = control("thread.tcache.flush", nil, nil, nil, 0)
    var epoch: UInt64 = 1
    _ = withUnsafeMutableBytes(of: &epoch) { control("epoch", nil, nil, $0.baseAddress, $0.count) }
    var allocated = 0
    var size = MemoryLayout<Int>.size
    guard control("stats.allocated", &allocated, &size, nil, 0) == 0 else { return nil }
    return allocated
  }

  /// Runs `operations` operations of a fresh case of `scenario` at `size` and
  /// returns the growth of live bytes per operation, before the case is torn
  /// down: what the operations left behind while the case lives on.
  func retainedBytesPerOperation(
    of scenario: BenchmarkScenario, strategy: String, size: Int = 1, operations: Int
  ) throws -> Double {
    let prepared = try scenario.prepare(strategy: strategy, size: size)
    let body = { prepared.run(1_000) }  // warm-up: thread caches, scratch lists
    if let isolation = prepared.isolation { isolation(body) } else { body() }
    let before = liveBytes() ?? 0
    let measured = { prepared.run(operations) }
    if let isolation = prepared.isolation { isolation(measured) } else { measured() }
    let after = liveBytes() ?? 0
    prepared.tearDown?()
    return Double(after - before) / Double(operations)
  }
}
