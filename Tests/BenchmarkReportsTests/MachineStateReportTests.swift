import BenchmarkKit
import BenchmarkReports
import Testing

/// The reports' environment says what the run saw of the machine, and warns
/// when it was noisy.
@Suite("Machine state in the reports")
struct MachineStateReportTests {
  static func run(noise: Double?, steal: Double?) -> BenchmarkRun {
    var run = Fixtures.run([Fixtures.result("untracked", "lock-thread-keypath", samples: [3, 3.1, 3.2])])
    run.environment.smt = "off (1 thread per core)"
    run.environment.frequencyPolicy = "not exposed"
    run.settings.noiseScore = noise
    run.settings.stealCores = steal
    return run
  }

  @Test func environment_givesSMTPolicyStealAndNoise_andWarnsWhenNoisy() {
    let quiet = MarkdownSummary.render(Self.run(noise: 0.16, steal: 0))
    #expect(
      quiet.contains(
        "Machine state: SMT off (1 thread per core); frequency policy not exposed; steal 0.00 cores; noise score 0.16"))
    #expect(!quiet.contains("⚠"))
    let noisy = Self.run(noise: 0.9, steal: 0.2)
    #expect(MarkdownSummary.render(noisy).contains("⚠ noisy machine: the reference loop spread 90%"))
    #expect(HTMLReport.render(noisy).contains("⚠ the hypervisor took 0.20 cores"))
  }

  @Test func aRunWrittenBeforeItWasRecorded_saysNotRecorded() {
    var run = Self.run(noise: nil, steal: nil)
    run.environment.smt = nil
    run.environment.frequencyPolicy = nil
    #expect(!MarkdownSummary.render(run).contains("Machine state:"))
    #expect(HTMLReport.render(run).contains("<th>Machine state</th><td>not recorded</td>"))
  }
}
