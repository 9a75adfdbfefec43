import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// The parts of a case's noise (``RunComparison/noiseOfChange(before:after:machine:metric:)``),
/// each pinned by a figure that changes when the part is removed.
@Suite("compare's noise of a change")
struct NoiseOfChangeTests {
  static let steady = GateLogicTests.subject(GateLogicTests.steady(100, seed: 1))

  static func machine(residualNoise: Double?, noiseScale: Double?) -> MachineSpeed {
    var machine = MachineSpeed(pairing: "test", basisCount: 0, residualNoise: residualNoise)
    machine.pairing = nil
    machine.noiseScale = noiseScale
    return machine
  }

  @Test func residualNoiseFloor_whenACaseIsSteadierThanTheRun_raisesItsNoiseToHalfTheRunsResidual() {
    let noise = RunComparison.noiseOfChange(
      before: Self.steady, after: Self.steady, machine: Self.machine(residualNoise: 0.2, noiseScale: 1),
      metric: .time)
    #expect(abs(noise - 0.2 * RunComparison.residualNoiseFloor) < 1e-12)
  }

  @Test func noiseScale_whenReferenceCasesStrayBeyondTheirSamples_widensEveryCasesNoise() throws {
    // Ten apple cases steady to 1%, each moved ±8% in the current run: far more
    // than their samples show.
    let before = (0..<10).map {
      Fixtures.result("s\($0)", "apple", samples: GateLogicTests.steady(100, seed: UInt64($0)))
    }
    let after = (0..<10).map {
      Fixtures.result(
        "s\($0)", "apple", samples: GateLogicTests.steady($0 % 2 == 0 ? 108 : 92.6, seed: UInt64(20 + $0)))
    }
    let old = Dictionary(uniqueKeysWithValues: before.map { ($0.key, $0) })
    let new = Dictionary(uniqueKeysWithValues: after.map { ($0.key, $0) })
    let machine = MachineSpeed(baseline: old, current: new, options: .init())
    let scale = try #require(machine.noiseScale)
    #expect(scale > 3)
    let sampling = MachineSpeed.samplingSpread(Self.steady, Self.steady, metric: .time)
    let noise = RunComparison.noiseOfChange(
      before: Self.steady, after: Self.steady, machine: Self.machine(residualNoise: 0, noiseScale: scale),
      metric: .time)
    #expect(abs(noise - scale * sampling) < 1e-12)
  }

  @Test func passSpread_whenOnePassTookMostSamples_countsFewerEffectivePasses() throws {
    // Passes at 100, 110, 100 and 110 ns with 2, 2, 2 and 18 samples: Kish's
    // effective count is 24² / 336 = 1.71, not 4.
    let result = GateLogicTests.passed([(100, 2), (110, 2), (100, 2), (110, 18)], seed: 90)
    let spread = try #require(MachineSpeed.passSpread(result, metric: .time))
    let logs = try #require(MachineSpeed.passMedians(result, metric: .time))
    let total = 24.0
    let effective = total * total / 336
    let mean = logs.map { $0.log * $0.count }.reduce(0, +) / total
    let variance = logs.map { $0.count * ($0.log - mean) * ($0.log - mean) }.reduce(0, +) / total
    let expected = (variance * effective / (effective - 1) / effective).squareRoot()
    #expect(abs(spread - expected) < 1e-12)
    // The pass spread, not the merged samples' bootstrap, sets the sampling spread.
    let sampling = MachineSpeed.samplingSpread(result, nil, metric: .time)
    #expect(abs(sampling * sampling - spread * spread - MachineSpeed.spreadFloor * MachineSpeed.spreadFloor) < 1e-9)
  }

  @Test func spreadFloor_whenSamplesAreIdentical_leavesAHalfPercentSpread() {
    let constant = GateLogicTests.subject(Array(repeating: 100, count: 21))
    let sampling = MachineSpeed.samplingSpread(constant, nil, metric: .time)
    #expect(abs(sampling - MachineSpeed.spreadFloor) < 1e-9)
  }

  @Test func familyWiseMultiple_whenManyCasesAreJudged_raisesTheRunsMultiple() {
    let run = GateLogicTests.run(scenarios: 200)
    let comparison = RunComparison(baseline: run, current: run)
    #expect(comparison.noiseMultiple > 3.5)
    #expect(comparison.noiseMultiple == RunComparison.familyWiseMultiple(cases: 200, error: 0.05))
  }
}
