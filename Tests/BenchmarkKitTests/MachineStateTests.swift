import Foundation
import Testing

@testable import BenchmarkKit

/// What a run records of the machine beyond its CPU: SMT and the frequency
/// policy from `/sys`, the hypervisor's steal from `/proc/stat`, and a noise
/// score from the reference loop measured beside every group.
@Suite("Machine state")
struct MachineStateTests {
  /// A fake `/sys/devices/system/cpu` holding `files` (path → contents).
  static func sysfs(_ files: [String: String]) throws -> String {
    let root = NSTemporaryDirectory() + "obsbench-sysfs-\(UUID().uuidString)"
    for (path, contents) in files {
      let url = URL(fileURLWithPath: root + path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: url, atomically: true, encoding: .utf8)
    }
    return root
  }

  @Test func smt_readsTheKernelsStateAndTheSiblingsOfCPU0() throws {
    let on = try Self.sysfs(["/smt/active": "1\n", "/cpu0/topology/thread_siblings_list": "0,4\n"])
    #expect(RunEnvironment.smt(sysfs: on) == "on (2 threads per core)")
    let range = try Self.sysfs(["/cpu0/topology/thread_siblings_list": "0-3\n"])
    #expect(RunEnvironment.smt(sysfs: range) == "on (4 threads per core)")
    let off = try Self.sysfs(["/smt/active": "0\n", "/cpu0/topology/thread_siblings_list": "0\n"])
    #expect(RunEnvironment.smt(sysfs: off) == "off (1 thread per core)")
    #expect(RunEnvironment.smt(sysfs: try Self.sysfs([:])) == nil)
  }

  @Test func frequencyPolicy_isDriverAndGovernor_orNotExposed() throws {
    let both = try Self.sysfs([
      "/cpu0/cpufreq/scaling_driver": "intel_pstate\n", "/cpu0/cpufreq/scaling_governor": "powersave\n",
    ])
    #expect(RunEnvironment.frequencyPolicy(sysfs: both) == "intel_pstate/powersave")
    #expect(RunEnvironment.frequencyPolicy(sysfs: try Self.sysfs([:])) == "not exposed")
  }

  static func cases(loops: [Double]) -> [CaseResult] {
    loops.enumerated().map { index, loop in
      var result = CaseResult(suite: "s", scenario: "c\(index)", strategy: "x", size: 1)
      result.loopOverheadNs = loop
      return result
    }
  }

  @Test func noiseScore_isTheReferenceLoopsSpreadOverItsMedian_andNeedsTenGroups() throws {
    let steady = Self.cases(loops: (0..<21).map { 0.30 + 0.001 * Double($0) })
    let score = try #require(RunSettings.noiseScore(of: steady))
    #expect(abs(score - 0.016 / 0.31) < 1e-9)
    let spread = Self.cases(loops: (0..<21).map { $0 % 2 == 0 ? 0.3 : 0.6 })
    #expect(RunSettings.noiseScore(of: spread) == 1.0)
    #expect(RunSettings.noiseScore(of: Self.cases(loops: [0.3, 0.3, 0.3])) == nil)
    // Unrolled loops cost less per operation: only one shape is compared.
    var unrolled = Self.cases(loops: [0.04])
    unrolled[0].operationsPerIteration = 8
    #expect(RunSettings.noiseScore(of: steady + unrolled) == score)
  }

  @Test func noiseWarnings_nameAHighScoreAndSteal_andNothingOnAQuietMachine() {
    var settings = RunSettings(
      quick: false, samples: 41, minimumSamples: 3, targetSampleNs: 1_000_000, timeBudgetSeconds: nil,
      loopOverheadNs: 0.3, durationSeconds: 1)
    settings.noiseScore = 0.16
    settings.stealCores = 0.01
    #expect(settings.noiseWarnings.isEmpty)
    settings.noiseScore = 0.8
    settings.stealCores = 0.3
    #expect(settings.noiseWarnings.count == 2)
    #expect(settings.noiseWarnings[0].hasPrefix("noisy machine: the reference loop spread 80%"))
    #expect(settings.noiseWarnings[1].contains("0.30 cores"))
  }
}
