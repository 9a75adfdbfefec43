import BenchmarkKit
import Foundation
import Testing

/// Calls into the runtime's reference counting and allocation, read from a
/// callgrind dump's call counts.
@Suite("Runtime calls")
struct RuntimeCallsTests {
  /// A dump in the format callgrind writes uncompressed: two callers, calls
  /// named once and repeated, a name callgrind marked as in a cycle.
  static let dump = """
    events: Ir
    fn=main
    0 10
    cfn=swift_retain
    calls=3 0
    0 30
    calls=2 0
    0 20
    cfn=swift_release
    calls=4 0
    0 40
    cfn=swift_allocObject
    calls=1 0
    0 50
    cfn=Benchmarks.work
    calls=7 0
    0 70
    fn=_swift_release_dealloc
    0 5
    cfn=swift_release'2
    calls=2 0
    0 12
    cfn=swift_deallocObject
    calls=1 0
    0 9
    fn=helper
    calls=9 0
    0 90
    totals: 336
    """

  @Test func init_countsEveryCallToAnEntryPoint_cyclesAndRepeatsIncluded() {
    let calls = RuntimeCalls(dump: Self.dump[...])
    #expect(calls.retains == 5)
    // Four from main, two from inside a release's deallocation.
    #expect(calls.releases == 6)
    #expect(calls.objectAllocations == 1)
    #expect(calls.objectDeallocations == 1)
  }

  @Test func init_whenANewCallerBegins_forgetsTheLastCallee() {
    // `helper`'s calls name no callee of their own: not the deallocation before it.
    let calls = RuntimeCalls(dump: Self.dump[...])
    #expect(calls.objectDeallocations == 1)
  }

  @Test func perOperation_isTheGrowthBetweenTheFirstAndLastDump() {
    let dumps = [
      RuntimeCalls(retains: 13, releases: 14, objectAllocations: 2, objectDeallocations: 1),
      RuntimeCalls(retains: 23, releases: 24, objectAllocations: 4, objectDeallocations: 3),
      RuntimeCalls(retains: 33, releases: 34, objectAllocations: 6, objectDeallocations: 5),
    ]
    // 20 more retains over 2 × 5 iterations of 2 operations: one per operation.
    let perOperation = RuntimeCalls(perOperation: dumps, step: 5, operationsPerIteration: 2)
    #expect(perOperation == RuntimeCalls(retains: 1, releases: 1, objectAllocations: 0.2, objectDeallocations: 0.2))
  }

  /// Three real dumps of one case, counted by hand (Tests/Fixtures/callgrind's
  /// README): what a run reports is what the dumps hold, call for call.
  @Test func perOperation_ofThreeRealDumps_equalsTheirHandCountedCalls() throws {
    let dumps = try CallgrindFixture.texts()
    let counts = dumps.map { RuntimeCalls(dump: $0[...]) }
    #expect(counts.map(\.retains) == [288, 576, 864])
    #expect(counts.map(\.releases) == [384, 768, 1_152])
    #expect(counts.map(\.objectAllocations) == [64, 128, 192])
    #expect(counts.map(\.objectDeallocations) == [64, 128, 192])
    // 32, 64 and 96 iterations of one operation: the growth over 64 operations.
    let perOperation = RuntimeCalls(perOperation: counts, step: 32, operationsPerIteration: 1)
    #expect(perOperation == RuntimeCalls(retains: 9, releases: 12, objectAllocations: 2, objectDeallocations: 2))
  }
}
