import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

@testable import obsbench

/// What `run` says about itself: skipped checks, skipped strategies, the
/// allocator it was asked for, and the commits it records.
@Suite("Run reporting")
struct RunReportingTests {
  /// A suite of one trivial scenario with a passing, a failing and a skipped check.
  static let suite = BenchmarkSuite(
    name: "tiny", summary: "one empty operation",
    scenarios: [
      BenchmarkScenario(name: "empty", summary: "nothing", strategies: ["one", "two"]) { _, _ in
        PreparedCase(run: { _ in })
      },
      BenchmarkScenario(name: "only-one", summary: "nothing", strategies: ["one"]) { _, _ in
        PreparedCase(run: { _ in })
      },
    ],
    checks: [
      SuiteCheck(name: "holds", summary: "passes") { _ in
        CheckOutcome(passed: true, measured: 1, expected: 1, detail: "fine")
      },
      SuiteCheck(name: "cannot-judge", summary: "skips") { _ in throw CheckSkipped("allocations are not counted") },
    ])

  @Test func checkCounts_countSkippedAsSkipped_neverAsPassed() {
    let outcome = { (passed: Bool) in CheckOutcome(passed: passed, measured: 0, expected: 0, detail: "") }
    let checks = [
      CheckResult(suite: "s", name: "a", summary: "", outcome: outcome(true)),
      CheckResult(suite: "s", name: "b", summary: "", outcome: outcome(false)),
      CheckResult(suite: "s", name: "c", summary: "", outcome: nil, note: "skipped: allocations are not counted"),
      CheckResult(suite: "s", name: "d", summary: "", outcome: nil, note: CheckResult.skippedNote),
      CheckResult(suite: "s", name: "e", summary: "", outcome: nil, note: "threw: boom"),
    ]
    #expect(RunCommand.checkCounts(checks) == "1 passed, 2 failed, 2 skipped")
  }

  @Test func run_printsSkippedChecksAsSkipped_andOneLineForSkippedStrategies() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let captured = Captured()
    let status = Obsbench.run(
      arguments: ["run", "--samples", "3", "--strategy", "two", "--out", directory], console: captured.console,
      suites: [Self.suite])
    #expect(status == 0, "\(captured.err)")
    let lines = captured.err.split(separator: "\n").map(String.init)
    #expect(lines.contains("obsbench: note: strategies skipped where unsupported: tiny/only-one skip two"))
    #expect(lines.filter { $0.contains("note:") }.count == 1)
    #expect(captured.err.contains("cases measured"))
    #expect(captured.err.contains("; checks: 1 passed, 0 failed, 1 skipped"), "\(captured.err)")
    #expect(!captured.err.contains("2 of 2 checks passed"))
  }

  @Test(.enabled(if: !JemallocPreload.isSanitized), arguments: ["/nonexistent/libjemalloc.so.2", "text-file", "libm"])
  func run_withAJemallocPathThatDoesNotServe_exits64_withOneLine(kind: String) throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var path = kind
    switch kind {
    case "text-file":
      path = directory + "/libjemalloc.so.2"
      try Data("not a library".utf8).write(to: URL(fileURLWithPath: path))
    case "libm":
      // A real shared library that is not jemalloc: it preloads, and serves no mallctl.
      guard
        let found = ["/lib/x86_64-linux-gnu/libm.so.6", "/lib/aarch64-linux-gnu/libm.so.6", "/usr/lib64/libm.so.6"]
          .first(where: FileManager.default.fileExists(atPath:))
      else { return }
      path = found
    default: break
    }
    let outcome = try ObsbenchProcess.run(
      [
        "run", "--scenario", "reads/untracked", "--strategy", "none", "--quick", "--samples", "3", "--out",
        directory + "/out",
      ],
      environment: ["OBSBENCH_JEMALLOC": path])
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(outcome.err.hasPrefix("obsbench: OBSBENCH_JEMALLOC=\(path) "), "\(outcome.err)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/out/results.json"))
  }

  @Test func run_recordsTheCommitItWasBuiltFrom_apartFromTheFolderHEAD() throws {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
    guard let head = RunReportingTests.git(["-C", packageRoot, "rev-parse", "HEAD"]) else { return }
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Started in a folder that is no repository: its HEAD is unknown, the build's is not.
    let outcome = try ObsbenchProcess.run(
      [
        "run", "--scenario", "reads/untracked", "--strategy", "none", "--quick", "--samples", "3", "--out", "out",
        "--format", "json,md",
      ],
      in: directory)
    #expect(outcome.status == 0, "\(outcome.err)")
    let run = try ResultsJSON.read(path: directory + "/out/results.json")
    #expect(run.environment.gitCommit == "unknown")
    // The test bundle and the executable were built from the same checkout.
    #expect(run.environment.buildCommit?.hasPrefix(head) == true, "\(run.environment.buildCommit ?? "nil") vs \(head)")
    let summary = try String(contentsOfFile: directory + "/out/summary.md", encoding: .utf8)
    #expect(summary.contains("Commit: built from \(run.environment.buildCommit ?? "?"); folder HEAD unknown"))
  }

  @Test func run_recordsTheCompilerThatBuiltIt_notTheSwiftOnPATH() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Another toolchain first on PATH, as after switching one in a shell.
    let bin = directory + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    for tool in ["swift", "swiftc"] {
      try Data("#!/bin/sh\necho 'Swift version 5.9.2 (swift-5.9.2-RELEASE)'\n".utf8)
        .write(to: URL(fileURLWithPath: "\(bin)/\(tool)"))
      chmod("\(bin)/\(tool)", 0o755)
    }
    let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let outcome = try ObsbenchProcess.run(
      [
        "run", "--scenario", "reads/untracked", "--strategy", "none", "--quick", "--samples", "3", "--out",
        directory + "/out",
        "--format", "json",
      ],
      environment: ["PATH": path])
    #expect(outcome.status == 0, "\(outcome.err)")
    let toolchain = try ResultsJSON.read(path: directory + "/out/results.json").environment.toolchain
    #expect(!toolchain.contains("5.9.2"), "\(toolchain)")
    // The test bundle and the executable were built by the same compiler.
    #if compiler(>=6.3) && compiler(<6.4)
      #expect(toolchain.hasPrefix("Swift version 6.3"), "\(toolchain)")
    #endif
  }

  private static func git(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// `run` measures its passes in processes of their own and merges them.
@Suite("Run passes")
struct RunPassTests {
  @Test func run_measuresEachPassInItsOwnProcess_andRecordsThePasses() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("obsbench-passes-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = try ObsbenchProcess.run([
      "run", "--suite", "selfcheck", "--scenario", "mul-chain-single", "--samples", "9", "--passes", "3",
      "--format", "json", "--out", folder.path,
    ])
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.err.contains("pass 1/3") && outcome.err.contains("pass 3/3"))
    let run = try ResultsJSON.read(path: folder.appendingPathComponent("results.json").path)
    #expect(run.settings.passes == 3)
    let result = try #require(run.cases.first)
    // At most a third of 9 in each pass, and never fewer than 3.
    #expect(result.passSampleCounts == [3, 3, 3])
    #expect(result.sampleRounds == [0, 1, 2, 0, 1, 2, 0, 1, 2])
    #expect(result.samples.count == 9)
    #expect(result.statistics?.count == 9)
  }
}
