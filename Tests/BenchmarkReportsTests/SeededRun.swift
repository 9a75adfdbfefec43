import BenchmarkKit
import BenchmarkReports
import Foundation

/// A realistic run built from a fixed seed: every strategy of the matrix with
/// `apple` and `none`, a plain scenario, a size sweep, a scenario that counts
/// notifications (with over-notification under `whole`), and one failed case.
enum SeededRun {
  static let strategies = [
    "lock-thread-keypath", "lock-thread-whole", "lock-task-keypath", "lock-task-whole",
    "actor-thread-keypath", "actor-thread-whole", "actor-task-keypath", "actor-task-whole",
    "lock-thread-keypath+identity", "apple", "none",
  ]

  /// The scenarios as `suite/scenario` with their sizes.
  static let scenarios: [(suite: String, scenario: String, sizes: [Int])] = [
    ("reads", "untracked", [1]),
    ("reads", "tracked-objects", [1, 10, 100, 1000]),
    ("mutations", "write-observed", [1]),
    ("mutations", "failing <odd> & \"quoted\"", [1]),
  ]

  /// The run: the same for every call.
  static func make(seed: UInt64 = 42, samples: Int = 21) -> BenchmarkRun {
    var generator = SplitMix64(seed: seed)
    var cases = [CaseResult]()
    for (suite, scenario, sizes) in scenarios {
      for size in sizes {
        for (index, strategy) in strategies.enumerated() {
          let base = baseCost(strategy: strategy, index: index) * pow(Double(size), strategy == "apple" ? 1.1 : 0.9)
          var result = CaseResult(suite: suite, scenario: scenario, strategy: strategy, size: size)
          result.iterations = 10_000
          result.fixedOverheadNs = 25
          result.loopOverheadNs = 0.6
          result.samples = (0..<samples).map { _ in
            base * (1 + 0.04 * (Double(generator.next() % 1000) / 1000 - 0.3))
          }
          result.elapsedNs = result.samples.map { UInt64($0 * 10_000) }
          let allocations = strategy == "apple" ? 2.0 : strategy == "none" ? 0 : 0.5
          result.allocationSamples = result.samples.map { _ in allocations }
          result.byteSamples = result.samples.map { _ in allocations * 48 }
          result.allocationsPerOperation = allocations
          result.bytesPerOperation = allocations * 48
          if scenario == "write-observed", strategy != "none" {
            let notifications = strategy.contains("whole") ? 3.0 : 1.0
            result.notificationSamples = result.samples.map { _ in notifications }
            result.notificationsPerOperation = notifications
          }
          if scenario.hasPrefix("failing"), strategy == "actor-task-whole" {
            result.failure = "expected 1.0 notifications per operation, measured 0.0"
          } else {
            result.statistics = Statistics(result.samples, resamples: 200, seed: seed)
          }
          cases.append(result)
        }
      }
    }
    let environment = RunEnvironment(
      toolchain: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", buildConfiguration: "release",
      cpuModel: "Seeded CPU @ 2.0GHz", cores: 2, kernel: "Linux 6.1.0 x86_64", gitCommit: "0123abc",
      date: "2026-01-02T03:04:05Z", allocator: "jemalloc 5.3.0", host: "seeded-host")
    let settings = RunSettings(
      quick: false, samples: samples, minimumSamples: 5, targetSampleNs: 1_000_000, timeBudgetSeconds: 480,
      loopOverheadNs: 0.6, durationSeconds: 123)
    return Publication.publish(
      BenchmarkRun(
        environment: environment, settings: settings, cases: cases, fits: GrowthFit.fits(of: cases),
        scenarioSummaries: Dictionary(
          uniqueKeysWithValues: scenarios.map { ("\($0.suite)/\($0.scenario)", "does \($0.scenario) once") })))
  }

  private static func baseCost(strategy: String, index: Int) -> Double {
    switch strategy {
    case "apple": 90
    case "none": 0.4
    default: 8 + Double(index) * 3
    }
  }
}
