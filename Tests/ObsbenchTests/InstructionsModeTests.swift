import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// `run --metric instructions` and `profile`: bad input without valgrind, and
/// exact, repeatable counts under it.
@Suite("Instructions mode")
struct InstructionsModeTests {
  static let valgrindInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind")

  @Test(arguments: [
    ["OBSBENCH_VALGRIND": "/nonexistent/valgrind"],
    ["PATH": "/nonexistent"],
  ])
  func run_whenValgrindIsMissing_exits64WithOneLine(environment: [String: String]) throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run(
      ["run", "--metric", "instructions", "--suite", "known-counts", "--out", directory + "/out"],
      environment: environment)
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(outcome.err.hasPrefix("obsbench: valgrind not found"), "\(outcome.err)")
  }

  @Test(arguments: [
    (["run", "--metric", "cycles"], "unknown metric 'cycles'"),
    (["profile"], "expected one SUITE/SCENARIO"),
    (["profile", "reads/nope"], "no scenario 'reads/nope'"),
    (["profile", "nope/untracked"], "no scenario 'nope/untracked'"),
    (["profile", "reads/untracked", "--strategy", "fast"], "has no strategy 'fast'"),
    (["profile", "contention/object"], "cannot be profiled"),
    (["profile", "reads/untracked", "--size", "0"], "--size needs a positive whole number"),
    (
      ["profile", "reads/tracked-properties", "--size", "63"],
      "reads/tracked-properties takes sizes 1...62; --size asked for 63"
    ),
    (
      ["profile", "reads/untracked", "--size", "5"],
      "reads/untracked has no sizes (it runs at size 1); leave out --size"
    ),
  ])
  func badInput_exits64(arguments: [String], expected: String) throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // A valgrind that is not there: input must be refused before it would start.
    let outcome = try ObsbenchProcess.run(
      arguments + ["--out", directory + "/out"], environment: ["OBSBENCH_VALGRIND": "/nonexistent/valgrind"])
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(outcome.err.contains(expected), "\(outcome.err)")
  }

  /// Counts of a selection, by case.
  private static func counts(
    _ arguments: [String], environment: [String: String] = [:]
  ) throws -> [CaseKey: CaseResult] {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run(
      ["run", "--metric", "instructions", "--format", "json,csv", "--out", directory] + arguments,
      environment: environment)
    #expect(outcome.status == 0, "\(outcome.err)")
    let run = try ResultsJSON.read(path: directory + "/results.json")
    let csv = try String(contentsOfFile: directory + "/results.csv", encoding: .utf8)
    #expect(csv.split(separator: "\n").first?.contains("instructions_per_op") == true)
    return Dictionary(uniqueKeysWithValues: run.cases.map { ($0.key, $0) })
  }

  @Test(.enabled(if: valgrindInstalled, "needs valgrind"))
  func counts_ofAKnownOperation_andOfRealCases_areExactAndRepeat() throws {
    let selection = [
      "--scenario", "known-counts/empty-call,known-counts/nops-64,reads/untracked,mutations/store-send",
      "--strategy", "harness,lock-thread-keypath,apple",
    ]
    let first = try Self.counts(selection)
    let second = try Self.counts(selection)
    func key(_ scenario: String, _ strategy: String) -> CaseKey {
      let suite = scenario.split(separator: "/")[0]
      let name = scenario.split(separator: "/")[1]
      return CaseKey(suite: String(suite), scenario: String(name), strategy: strategy, size: 1)
    }
    // 64 no-ops and the same call and loop around them: 64 instructions an
    // operation more, in any build.
    let empty = try #require(first[key("known-counts/empty-call", "harness")]?.instructionsPerOperation)
    let nops = try #require(first[key("known-counts/nops-64", "harness")]?.instructionsPerOperation)
    #expect(abs(nops - empty - 64) <= 0.64, "nops \(nops), empty \(empty)")
    #expect(first.count == 6)
    for (caseKey, result) in first {
      let count = try #require(result.instructionsPerOperation, "\(caseKey)")
      let again = try #require(second[caseKey]?.instructionsPerOperation, "\(caseKey)")
      // Known defect, under investigation: in this debug build, run under
      // `swift test`, reads/untracked once in a few runs counts one extra run
      // of about 151 instructions in one sample (±1.58 an operation at 96
      // iterations); the same selection run by hand, idle or loaded, and the
      // release build repeat exactly. One such event a sample is allowed;
      // any change that grows with the operations is not.
      let oneOff = 200 / Double(max(result.iterations, 1))
      #expect(
        abs(count - again) <= max(abs(count) * 0.001, oneOff), "\(caseKey): \(count) then \(again)")
      #expect(result.statistics == nil)
    }
  }

  /// A case's count depended on the heap earlier cases left in the same
  /// process (render-body@100: 24 317 in one selection, 24 619 in CI's); each
  /// case is now counted in a process of its own, with the same arguments and
  /// environment whatever else is selected.
  @Test(.enabled(if: valgrindInstalled, "needs valgrind"))
  func count_whenTheCaseIsCountedAloneOrAmongOthers_isTheSame() throws {
    let alone = try Self.counts([
      "--scenario", "reads/render-body", "--strategy", "lock-thread-keypath", "--sizes", "100",
    ])
    let among = try Self.counts([
      "--scenario", "reads/untracked,reads/tracked,reads/render-body,mutations/observed",
      "--strategy", "lock-thread-keypath,actor-thread-keypath,apple", "--sizes", "1,4,100",
    ])
    let key = CaseKey(suite: "reads", scenario: "render-body", strategy: "lock-thread-keypath", size: 100)
    #expect(among.count > 10)
    let count = try #require(alone[key]?.instructionsPerOperation)
    #expect(among[key]?.instructionsPerOperation == count)
  }

  /// Retains and releases are counted call by call from the same dumps as the
  /// instructions: whole numbers where the path is fixed, the same in every
  /// run, none where nothing is referenced, and gated like instructions.
  @Test(.enabled(if: valgrindInstalled, "needs valgrind"))
  func runtimeCalls_areWholeRepeatAndGate() throws {
    let selection = [
      "--scenario", "reads/tracked,mutations/render-mutate", "--strategy", "lock-thread-keypath+identity,apple,none",
      "--sizes", "1",
    ]
    let first = try Self.counts(selection)
    let second = try Self.counts(selection)
    #expect(first.count == 5)
    for (key, result) in first {
      let calls = try #require(result.runtimeCalls, "\(key)")
      #expect(calls == second[key]?.runtimeCalls, "\(key)")
      for value in [calls.retains, calls.releases, calls.objectAllocations, calls.objectDeallocations] {
        #expect(value == value.rounded(), "\(key): \(calls)")
      }
    }
    let none = try #require(
      first[CaseKey(suite: "reads", scenario: "tracked", strategy: "none", size: 1)]?.runtimeCalls)
    #expect(none.retains == 0 && none.releases == 0)
    let apple = try #require(
      first[CaseKey(suite: "mutations", scenario: "render-mutate", strategy: "apple", size: 1)]?.runtimeCalls)
    #expect(apple.retains > 0 && apple.objectAllocations == apple.objectDeallocations)
    // A rule on retains judges them as one on instructions does.
    let key = CaseKey(suite: "mutations", scenario: "render-mutate", strategy: "lock-thread-keypath+identity", size: 1)
    let retains = try #require(first[key]?.runtimeCalls?.retains)
    var run = BenchmarkRun(
      environment: RunEnvironment(
        toolchain: "", buildConfiguration: "", cpuModel: "", cores: 1, kernel: "", gitCommit: "", date: "",
        allocator: "", host: ""),
      settings: RunSettings(
        quick: true, samples: 0, minimumSamples: 0, targetSampleNs: 0, timeBudgetSeconds: 0, loopOverheadNs: 0,
        durationSeconds: 0),
      cases: Array(first.values))
    run.cases.sort { $0.key < $1.key }
    let holds = try CheckRule(
      parsing: "lock-thread-keypath+identity on mutations/render-mutate@1 retains <= \(retains)")
    let breaks = try CheckRule(
      parsing: "lock-thread-keypath+identity on mutations/render-mutate@1 retains <= \(retains - 1)")
    #expect(holds.evaluate(in: run).allSatisfy { $0.holds })
    #expect(breaks.evaluate(in: run).allSatisfy { !$0.holds })
  }

  /// The counted process gets a pinned environment: a caller's variables
  /// land on the heap before the case's objects and moved them, and the
  /// count with them.
  @Test(.enabled(if: valgrindInstalled, "needs valgrind"))
  func count_whenTheCallersEnvironmentIsTenBytesOrTenThousand_isTheSame() throws {
    let selection = ["--scenario", "reads/render-body", "--strategy", "lock-thread-keypath", "--sizes", "100"]
    let short = try Self.counts(selection, environment: ["OBSBENCH_PADDING": String(repeating: "x", count: 10)])
    let long = try Self.counts(selection, environment: ["OBSBENCH_PADDING": String(repeating: "x", count: 10_000)])
    let key = CaseKey(suite: "reads", scenario: "render-body", strategy: "lock-thread-keypath", size: 100)
    let count = try #require(short[key]?.instructionsPerOperation)
    #expect(long[key]?.instructionsPerOperation == count)
  }

  @Test(.enabled(if: valgrindInstalled, "needs valgrind"))
  func run_givenRules_countsOnlyTheCasesTheyJudge() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let rules = directory + "/rules.txt"
    try """
    lock-thread-keypath on reads/untracked@1 instructions <= 10
    lock-task-keypath+checked / lock-task-keypath on reads/untracked-render-scope-open@1 instructions <= 1
    """.write(toFile: rules, atomically: true, encoding: .utf8)
    let counted = try Self.counts([
      "--quick", "--suite", "reads", "--scenario", "untracked,untracked-render-scope-open", "--rules", rules,
      "--strategy", "lock-thread-keypath,lock-task-keypath,lock-task-keypath+checked",
    ])
    #expect(
      Set(counted.keys.map { "\($0.scenario) \($0.strategy)" })
        == [
          "untracked lock-thread-keypath", "untracked-render-scope-open lock-task-keypath+checked",
          "untracked-render-scope-open lock-task-keypath",
        ])
  }

  @Test(.enabled(if: valgrindInstalled, "needs valgrind"))
  func profile_whenAnotherProcessHoldsItsFolder_exits64_beforeProfiling() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let held = try OutputFolder(locking: directory + "/profile")
    let outcome = try ObsbenchProcess.run(["profile", "known-counts/nops-64", "--out", directory + "/profile"])
    withExtendedLifetime(held) {}
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(outcome.err.contains("is in use by another obsbench process"), "\(outcome.err)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/profile"))
  }

  @Test(.enabled(if: valgrindInstalled, "needs valgrind"))
  func profile_groupsAKnownOperationAndKeepsTheCallgrindFile() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run(["profile", "known-counts/nops-64", "--out", directory])
    #expect(outcome.status == 0, "\(outcome.err)")
    // One progress line per case, also where the first is counted again from
    // a copy without DWARF 5 debug information.
    #expect(outcome.err.components(separatedBy: "obsbench: instructions [1/1]").count == 2, "\(outcome.err)")
    #expect(outcome.out.contains("obsbench_known_nops64"), "\(outcome.out)")
    let kept = directory + "/callgrind.out.known-counts-nops-64-1.harness"
    #expect(outcome.out.contains(kept))
    #expect(FileManager.default.fileExists(atPath: kept))
  }
}
