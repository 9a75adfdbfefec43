import BenchmarkKit
import Testing

@Suite("AllocationCounter")
struct AllocationCounterTests {
  final class Node {
    var first: Int
    var second: Int
    init(_ value: Int) {
      first = value
      second = value
    }
  }

  @Test(.disabled(if: Sanitizers.active, "sanitizers replace malloc"))
  func counter_isAvailable_whenJemallocServesMalloc() {
    #expect(AllocationCounter.shared != nil, "\(AllocationCounter.allocatorDescription)")
    #expect(AllocationCounter.allocatorDescription.hasPrefix("jemalloc"))
  }

  // Request counts are process-wide and other tests run in parallel, so each
  // measurement is repeated and the smallest kept: others' allocations only add.
  private func fewest(
    _ counter: AllocationCounter, _ workload: () -> Void
  ) -> (allocations: UInt64, bytes: UInt64) {
    var best = (allocations: UInt64.max, bytes: UInt64.max)
    for _ in 0..<20 {
      let before = counter.snapshot()
      workload()
      let (allocations, bytes) = counter.snapshot().since(before)
      best = (min(best.allocations, allocations), min(best.bytes, bytes))
    }
    return best
  }

  @Test(.enabled(if: AllocationCounter.shared != nil))
  func snapshot_ofClassInstances_countsEveryAllocationAndItsBytes() throws {
    let counter = try #require(AllocationCounter.shared)
    let count = 1000
    var nodes = [Node]()
    nodes.reserveCapacity(count)
    let (allocations, bytes) = fewest(counter) {
      for index in 0..<count {
        nodes.append(Node(index))
      }
      blackHole(nodes)
      nodes.removeAll(keepingCapacity: true)
    }
    // 16 bytes of header and two words: 32 bytes each, a size class of its own.
    #expect(allocations >= UInt64(count))
    #expect(allocations <= UInt64(count) + 5)
    #expect(bytes >= UInt64(count * 32))
  }

  @Test(.enabled(if: AllocationCounter.shared != nil))
  func snapshot_ofWorkloadThatAllocatesNothing_countsZero() throws {
    let counter = try #require(AllocationCounter.shared)
    let (allocations, bytes) = fewest(counter) {
      var sum = 0
      for index in 0..<10_000 {
        sum &+= index &* index
      }
      blackHole(sum)
    }
    #expect(allocations == 0)
    #expect(bytes == 0)
  }
}
