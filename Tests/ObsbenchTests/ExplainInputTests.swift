import BenchmarkKit
import Foundation
import Testing

/// `explain` on kept profiles: a corrupt file or a case it does not hold is one
/// line and exit 64; a good pair prints sums that add up.
@Suite("Explain from kept profiles")
struct ExplainInputTests {
  static func write(_ profiles: KeptProfiles, to directory: String) throws {
    try profiles.encoded().write(to: URL(fileURLWithPath: "\(directory)/\(KeptProfiles.fileName)"))
  }

  static func profile(_ strategy: String, scope: Int64) -> KeptProfile {
    KeptProfile(
      key: CaseKey(suite: "reads", scenario: "tracked", strategy: strategy, size: 1), operations: 8,
      loopPerOperation: 1,
      functions: [
        .init(
          name: "ObservationCore.ThreadLocalScope.record() -> ()", group: "scope", selfInstructions: scope,
          inclusiveInstructions: scope),
        .init(
          name: "closure #1 in Benchmarks.Reads.tracked", group: "workload", selfInstructions: 64,
          inclusiveInstructions: 64 + scope),
      ])
  }

  @Test func explain_whenKeptProfilesAreCorrupt_exits64WithOneLine() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data("{not json".utf8).write(to: URL(fileURLWithPath: "\(directory)/\(KeptProfiles.fileName)"))
    let outcome = try ObsbenchProcess.run(
      ["explain", "reads/tracked", "lock-thread-keypath", "--before", directory, "--after", directory])
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(outcome.err.contains("are corrupt"), "\(outcome.err)")
  }

  @Test func explain_whenTheCaseIsNotKept_exits64NamingWhatIs() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Self.write(KeptProfiles([Self.profile("lock-thread-keypath", scope: 80)]), to: directory)
    let outcome = try ObsbenchProcess.run(
      ["explain", "reads/tracked", "lock-thread-keypath", "lock-task-keypath", "--profiles", directory])
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(outcome.err.contains("for 'lock-task-keypath'; it keeps: lock-thread-keypath"), "\(outcome.err)")
  }

  @Test func explain_betweenTwoKeptRuns_printsTheGroupChange() throws {
    let before = try ObsbenchProcess.temporaryDirectory()
    let after = try ObsbenchProcess.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(atPath: before)
      try? FileManager.default.removeItem(atPath: after)
    }
    try Self.write(KeptProfiles([Self.profile("lock-thread-keypath", scope: 80)]), to: before)
    try Self.write(KeptProfiles([Self.profile("lock-thread-keypath", scope: 104)]), to: after)
    let outcome = try ObsbenchProcess.run(
      ["explain", "reads/tracked", "lock-thread-keypath", "--before", before, "--after", after])
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out.contains("instructions_per_op  17.00 → 20.00  +3.00"), "\(outcome.out)")
    #expect(outcome.out.contains("scope             10.00      13.00      +3.00"), "\(outcome.out)")
  }
}
