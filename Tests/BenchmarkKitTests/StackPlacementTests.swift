import BenchmarkKit
import Foundation
import Testing

/// Stack placements: each sample of a run asked for them runs with the stack
/// moved, and each case says whether its time moved with the placement.
@Suite("Stack placement")
struct StackPlacementTests {
  @Test func offsets_spreadOverAPage_in16ByteSteps_andDifferWithinACacheLine() {
    let offsets = (0..<4).map { StackPlacement.offset(placement: $0, of: 4) }
    #expect(offsets == [0, 1040, 2080, 3120])
    let many = (0..<64).map { StackPlacement.offset(placement: $0, of: 64) }
    #expect(Set(many).count == 64)
    #expect(many.allSatisfy { $0 % 16 == 0 && $0 < 4096 + 48 })
    #expect(Set(offsets.map { $0 % 64 }).count == 4)
  }

  @Test func run_movesTheStackPointer_byTheOffset() {
    let at16 = Self.frameAddress(offset: 16)
    let at1040 = Self.frameAddress(offset: 1040)
    let at3120 = Self.frameAddress(offset: 3120)
    // The stack grows down: a larger offset puts the body's frame lower, by
    // exactly the difference of the offsets (both reach it the same way).
    #expect(at16 - at1040 == 1024)
    #expect(at16 - at3120 == 3104)
  }

  @inline(never)
  static func frameAddress(offset: Int) -> Int {
    var address = 0
    StackPlacement.run(offsetBy: offset) {
      var local = 0
      withUnsafeMutablePointer(to: &local) { address = Int(bitPattern: $0) }
    }
    return address
  }

  @Test func effect_ofASlowPlacement_isSeen_andOfNoneIsNot() throws {
    // 24 samples over 3 placements with ±2% noise; placement 2080 is 15% slower.
    let offsets = (0..<24).map { [0, 1040, 2080][$0 % 3] }
    let noise = (0..<24).map { 1 + 0.02 * sin(Double($0) * 1.7) }
    let slowed = zip(noise, offsets).map { $1 == 2080 ? $0 * 1.15 : $0 }
    let moved = try #require(PlacementEffect(samples: slowed, offsets: offsets, seed: 7))
    #expect(moved.placements == 3)
    #expect(moved.movesWithPlacement)
    #expect(moved.spread > 0.12 && moved.spread < 0.18)
    let still = try #require(PlacementEffect(samples: noise, offsets: offsets, seed: 7))
    #expect(!still.movesWithPlacement)
    #expect(still.spread <= still.shuffledSpread)
  }

  @Test func effect_needsTwoPlacementsOfTwoSamples() {
    #expect(PlacementEffect(samples: [1, 2, 3], offsets: [0, 0, 16], seed: 1) == nil)
    #expect(PlacementEffect(samples: [1, 2], offsets: [0], seed: 1) == nil)
    #expect(PlacementEffect(samples: [1, 1, 2, 2], offsets: [0, 0, 16, 16], seed: 1)?.placements == 2)
  }

  @Test func run_withPlacements_recordsEverySamplesOffset_andEachCasesEffect() throws {
    var configuration = BenchmarkRunnerTests.configuration
    configuration.samples = 16
    configuration.minimumSamples = 8
    configuration.stackPlacements = 2
    let plan = try BenchmarkPlan(registry: [BenchmarkRunnerTests.suite()], selection: BenchmarkSelection())
    let run = BenchmarkRunner(configuration: configuration).run(plan, environment: .current())
    #expect(run.settings.stackPlacements == 2)
    for result in run.cases {
      let offsets = try #require(result.sampleStackOffsets)
      #expect(offsets.count == result.samples.count)
      #expect(Set(offsets).isSubset(of: [0, 2048 + 16]))
      #expect(Set(offsets).count == 2, "\(result.displayName): both placements drawn in \(offsets.count) samples")
      #expect(result.placement?.placements == 2)
    }
    // Without placements nothing is moved or recorded.
    let plain = BenchmarkRunner(configuration: BenchmarkRunnerTests.configuration).run(plan, environment: .current())
    #expect(plain.cases.allSatisfy { $0.sampleStackOffsets == nil && $0.placement == nil })
    #expect(plain.settings.stackPlacements == nil)
  }
}
