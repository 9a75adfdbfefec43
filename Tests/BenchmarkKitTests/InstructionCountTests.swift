import BenchmarkKit
import Foundation
import Testing

@Suite("InstructionCount and CallgrindDump")
struct InstructionCountTests {
  @Test func perOperation_whenCountsAreLinear_isExactWithNoNote() {
    // 100 fixed + 10 per operation, 8 operations per iteration, step 4.
    let counts: [UInt64] = [100 + 320, 100 + 640, 100 + 960]
    let count = InstructionCount(counts: counts, step: 4, operationsPerIteration: 8, loopPerOperation: 1.25)
    #expect(count.perOperation == 10 - 1.25)
    #expect(count.loopPerOperation == 1.25)
    #expect(count.note == nil)
  }

  @Test func perOperation_whenStretchesDiffer_averagesThemAndSaysSo() {
    // 10 then 12 per operation over two stretches of 100 operations.
    let count = InstructionCount(counts: [1000, 2000, 3200], step: 100, operationsPerIteration: 1, loopPerOperation: 0)
    #expect(count.perOperation == 11)
    #expect(count.note?.contains("varies: 10.0 then 12.0") == true)
  }

  @Test func perOperation_whenStretchesDifferByLessThanATenthOfAPercent_isExact() {
    let count = InstructionCount(
      counts: [0, 100_000, 200_050], step: 1000, operationsPerIteration: 1, loopPerOperation: 0)
    #expect(count.note == nil)
  }

  @Test func reference_isTheSlopeOverBothStretches() {
    #expect(InstructionCount.reference(counts: [16420, 32804, 49188], step: 4096, operationsPerIteration: 1) == 4)
    #expect(InstructionCount.reference(counts: [0, 44, 88], step: 4, operationsPerIteration: 8) == 1.375)
  }

  /// A dump callgrind 3.19 wrote (`--compress-strings=no --compress-pos=no`) for a
  /// C program whose `main` called `work` between the markers.
  static let dump = """
    # callgrind format
    version: 1
    creator: callgrind-3.19.0
    positions: line
    events: Ir
    summary: 8010

    ob=/usr/lib/x86_64-linux-gnu/libc.so.6
    fl=./csu/../sysdeps/nptl/libc_start_call_main.h
    fn=(below main)
    cob=/tmp/t
    cfi=/tmp/t.c
    cfn=main
    calls=0 5
    58 8010

    ob=/tmp/t
    fl=/tmp/t.c
    fn=work
    4 8006

    fn=main
    cfn=obsbench_measure_begin
    calls=0 2
    5 1
    5 1
    cfn=work
    calls=1 4
    5 8006
    5 2

    fn=obsbench_measure_begin
    2 1

    totals: 8010
    """

  @Test func dump_readsTotalsSelfAndInclusiveCosts() throws {
    let dump = try CallgrindDump(parsing: Self.dump[...])
    #expect(dump.total == 8010)
    func costs(_ name: String) -> [UInt64]? {
      dump.functions[name].map { [$0.selfCost, $0.inclusiveCost] }
    }
    #expect(costs("work") == [8006, 8006])
    #expect(costs("main") == [3, 8010])
    #expect(costs("(below main)") == [0, 8010])
    #expect(dump.functions["work"]?.selfCostByFile == ["/tmp/t.c": 8006])
    #expect(dump.functions["obsbench_measure_begin"]?.selfCost == 1)
    #expect(try CallgrindDump.total(of: Self.dump[...]) == 8010)
  }

  @Test func dump_splitsSelfCostByInlinedFile() throws {
    let text = "fl=/a/Loop.swift\nfn=loop\n1 5\nfi=/a/Registrar.swift\n7 3\nfe=/a/Loop.swift\n2 1\ntotals: 9\n"
    let dump = try CallgrindDump(parsing: text[...])
    #expect(dump.functions["loop"]?.selfCost == 9)
    #expect(dump.functions["loop"]?.selfCostByFile == ["/a/Loop.swift": 6, "/a/Registrar.swift": 3])
  }

  @Test func dump_withoutTotals_throws() {
    #expect(throws: CallgrindError.self) { try CallgrindDump(parsing: "fn=x\n1 2\n"[...]) }
  }

  /// The three real dumps of Tests/Fixtures/callgrind: counted by their
  /// summaries, the two stretches agree to the instruction; by their
  /// `totals:` lines (what the count read before) they differed by 3.3%.
  @Test func count_ofThreeRealDumps_isExactOverBothStretches() throws {
    let texts = try CallgrindFixture.texts()
    let totals = try texts.map { try CallgrindDump.total(of: $0[...]) }
    #expect(totals == [96_538, 192_986, 289_434])
    #expect(try texts.map { try CallgrindDump(parsing: $0[...]).total } == totals)
    let count = InstructionCount(counts: totals, step: 32, operationsPerIteration: 1, loopPerOperation: 0)
    #expect(count.note == nil)
    #expect(count.perOperation == 3_014)
  }

  @Test func dump_withSummaryAndTotals_countsTheSummary() throws {
    let text = "summary: 7\nfn=x\n1 9\ntotals: 9\n"
    #expect(try CallgrindDump.total(of: text[...]) == 7)
    #expect(try CallgrindDump(parsing: text[...]).total == 7)
  }
}
