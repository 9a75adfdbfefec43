import BenchmarkKit
import BenchmarkReports

/// Small hand-made runs for the report tests.
enum Fixtures {
  static let environment = RunEnvironment(
    toolchain: "Swift version 6.3.1", buildConfiguration: "release", cpuModel: "Test CPU, \"quoted\"",
    cores: 2, kernel: "Linux 6 x86_64", gitCommit: "abc123", date: "2026-01-01T00:00:00Z",
    allocator: "jemalloc 5.3.0", host: "test")

  static let settings = RunSettings(
    quick: true, samples: 3, minimumSamples: 3, targetSampleNs: 1_000_000, timeBudgetSeconds: 40,
    loopOverheadNs: 1.5, durationSeconds: 2)

  static func result(
    _ scenario: String, _ strategy: String, size: Int = 1, samples: [Double], suite: String = "reads",
    failure: String? = nil
  ) -> CaseResult {
    var result = CaseResult(suite: suite, scenario: scenario, strategy: strategy, size: size)
    result.iterations = 1000
    result.fixedOverheadNs = 30
    result.samples = samples
    result.elapsedNs = samples.map { UInt64(max(0, $0) * 1000) }
    result.allocationSamples = samples.map { _ in 1 }
    result.byteSamples = samples.map { _ in 32 }
    result.allocationsPerOperation = 1
    result.bytesPerOperation = 32
    result.failure = failure
    if failure == nil { result.statistics = Statistics(samples, resamples: 20) }
    return result
  }

  /// A run of `cases` with its figures published, as `obsbench run` writes it.
  static func run(_ cases: [CaseResult]) -> BenchmarkRun {
    Publication.publish(
      BenchmarkRun(environment: environment, settings: settings, cases: cases, fits: GrowthFit.fits(of: cases)))
  }

  static let sample = run([
    result("untracked", "lock-thread-keypath", samples: [3, 3.2, 3.1]),
    result("untracked", "apple", samples: [17, 17.5, 18]),
    result("untracked", "none", samples: [0.3, 0.3, 0.3]),
    result("tracked, \"odd\" name", "apple", size: 10, samples: [90, 91, 92]),
    result("tracked, \"odd\" name", "apple", size: 100, samples: [900, 910, 920]),
  ])
}
