import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

@testable import obsbench

/// Successful paths: run, list, compare, report, check, end to end.
@Suite("Commands")
struct CommandTests {
  /// The self-check scenarios whose checks hold in a debug build too (counts,
  /// not timings), with few samples.
  static let quickRun = [
    "run", "--scenario", "selfcheck/allocate,selfcheck/notify", "--quick", "--samples", "3",
  ]

  @Test func run_writesEveryFormat_andReportsProgressPerCase() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run(Self.quickRun + ["--out", directory])
    #expect(outcome.status == 0, "\(outcome.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(names == ["report.html", "results.csv", "results.json", "summary.md"])
    // Not a terminal: one plain line per case.
    #expect(outcome.err.contains("[1/2] selfcheck/allocate[1] harness: "))
    #expect(outcome.err.contains("[2/2] selfcheck/notify[1] harness: "))
    let run = try ResultsJSON.read(path: directory + "/results.json")
    #expect(run.cases.count == 2)
    #expect(run.cases.allSatisfy { $0.samples.count == 3 })
    let allocationCheck = run.checks.first { $0.name == "one-allocation-per-operation" }
    // Under a sanitizer jemalloc counts nothing and the check is skipped, not failed.
    #expect(allocationCheck?.outcome?.passed == true || allocationCheck?.isSkipped == true)
    #expect(!run.environment.cpuModel.isEmpty)
    #expect(JemallocPreload.isSanitized || run.environment.allocator.hasPrefix("jemalloc"))
  }

  @Test func compareReportAndCheck_readTheRunBack() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(try ObsbenchProcess.run(Self.quickRun + ["--out", directory, "--format", "json"]).status == 0)
    let results = directory + "/results.json"

    let same = try ObsbenchProcess.run(["compare", results, results, "--threshold", "5%"])
    #expect(same.status == 0, "\(same.err)")
    #expect(same.out.contains("no regression beyond 5.0% in 2 common cases"))
    // What is clean is counted, not listed, unless asked for.
    #expect(same.out.contains("Every case unchanged or within its noise."))
    #expect(same.out.contains("(2 unchanged or within-noise cases not listed; --all lists every case)"))
    let all = try ObsbenchProcess.run(["compare", results, results, "--all"])
    #expect(all.out.contains("selfcheck/") && !all.out.contains("not listed"), "\(all.out)")

    let report = try ObsbenchProcess.run(["report", results, "--out", directory + "/again", "--format", "csv,md"])
    #expect(report.status == 0, "\(report.err)")
    #expect(FileManager.default.fileExists(atPath: directory + "/again/summary.md"))

    let rules = directory + "/rules"
    try Data("harness on selfcheck/allocate median >= -1000\nharness on selfcheck/notify notifications >= 1\n".utf8)
      .write(to: URL(fileURLWithPath: rules))
    let check = try ObsbenchProcess.run(["check", rules, "--results", results])
    #expect(check.status == 0, "\(check.out)\(check.err)")
    try Data("harness on selfcheck/notify notifications <= 0.5\n".utf8).write(to: URL(fileURLWithPath: rules))
    let broken = try ObsbenchProcess.run(["check", rules, "--results", results])
    #expect(broken.status == 1)
    #expect(broken.out.hasPrefix("FAIL harness on selfcheck/notify notifications <= 0.5"))
    #expect(broken.out.contains("measured 1.000 > 0.500"))
    let markdown = try ObsbenchProcess.run(["check", rules, results, "--format", "md"])
    #expect(markdown.status == 1)
    #expect(markdown.out.contains("| `harness on selfcheck/notify notifications <= 0.5` |"))
  }

  @Test func compare_whenCurrentIsSlower_exits1() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // Nine samples a side: with fewer, no rank test can call a difference significant.
    let run = Self.quickRun.dropLast() + ["9", "--out", directory, "--format", "json"]
    #expect(try ObsbenchProcess.run(Array(run)).status == 0)
    var slower = try ResultsJSON.read(path: directory + "/results.json")
    // Every sample 1 µs slower: far beyond the threshold and beyond the noise.
    for index in slower.cases.indices {
      slower.cases[index].samples = slower.cases[index].samples.map { $0 + 1000 }
      // Statistics, interval and resolution move together, as a run computes
      // them; the figures the run published are stale, so they go too.
      slower.cases[index].summarise(resamples: 100, seed: 1)
      slower.cases[index].published = nil
    }
    try ResultsJSON.encode(slower).write(to: URL(fileURLWithPath: directory + "/slower.json"))
    let outcome = try ObsbenchProcess.run(["compare", directory + "/results.json", directory + "/slower.json"])
    #expect(outcome.status == 1)
    #expect(outcome.out.contains("2 regressions"))
    let markdown = try ObsbenchProcess.run(
      ["compare", directory + "/results.json", directory + "/slower.json", "--format", "md"])
    #expect(markdown.status == 1)
    #expect(markdown.out.contains("**regressed**"))
    let html = try ObsbenchProcess.run(
      ["compare", directory + "/results.json", directory + "/slower.json", "--format=html"])
    #expect(html.status == 1)
    #expect(html.out.hasPrefix("<!DOCTYPE html>") && html.out.contains("<svg"))
  }

  @Test func list_showsSuitesScenariosAndStrategies() throws {
    let outcome = try ObsbenchProcess.run(["list"])
    #expect(outcome.status == 0)
    #expect(outcome.out.contains("selfcheck (not default)"))
    #expect(outcome.out.contains("selfcheck/mul-chain — "))
    #expect(outcome.out.contains("strategies: harness"))
  }

  @Test func run_whenACaseNotifiesWrongly_failsLoudlyNamingTheCase() throws {
    let scenario = BenchmarkScenario(name: "silent", summary: "never notifies", strategies: ["quiet"]) { _, _ in
      PreparedCase(run: { _ in }, notifications: { 0 }, expectedNotificationsPerOperation: 1)
    }
    let suite = BenchmarkSuite(name: "broken", summary: "broken", scenarios: [scenario])
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let captured = Captured()
    let status = Obsbench.run(
      arguments: ["run", "--samples", "3", "--out", directory], console: captured.console, suites: [suite])
    #expect(status == 1)
    #expect(
      captured.err.contains("FAILED broken/silent[1] quiet: expected 1.0 notifications per operation, measured 0.0"))
  }

  @Test func runOptions_parseEveryOption() throws {
    let options = try RunOptions(parsing: [
      "--suite", "a,b", "--suite=c", "--scenario", "track*", "--strategy", "x,y", "--sizes", "1, 10,100",
      "--samples", "7", "--time-budget", "12.5", "--quick", "--out", "here", "--format", "csv,json",
    ])
    #expect(options.selection.suites == ["a", "b", "c"])
    #expect(options.selection.scenarios == [GlobPattern("track*")])
    #expect(options.selection.strategies == ["x", "y"])
    #expect(options.selection.sizes == [1, 10, 100])
    #expect(options.selection.quick)
    #expect(options.configuration.samples == 7)
    #expect(options.configuration.timeBudgetSeconds == 12.5)
    #expect(options.outputDirectory == "here")
    #expect(options.formats == [.csv, .json])
    #expect(try RunOptions(parsing: ["--strategy", "all"]).selection.strategies == nil)
  }

  @Test func runOptions_whenPassesAreAskedForByName_getTheSamplesTheyNeed() throws {
    let quick = try RunOptions(parsing: ["--quick", "--passes", "20"])
    #expect(quick.configuration.passes == 20)
    #expect(quick.configuration.samples == 60)
    // Default passes still fit explicit samples, as before.
    let few = try RunOptions(parsing: ["--samples", "3"])
    #expect(few.configuration.passes == 1)
    let error = #expect(throws: UsageError.self) {
      try RunOptions(parsing: ["--quick", "--passes", "20", "--samples", "30"])
    }
    #expect(error?.message == "run: --passes 20 needs at least 60 samples (3 a pass), got --samples 30")
  }
}

/// A console that keeps what is written.
final class Captured: @unchecked Sendable {
  var out = ""
  var err = ""

  var console: Console {
    Console(out: { self.out += $0 }, err: { self.err += $0 }, errorIsTerminal: false)
  }
}

/// jemalloc's counters, read through the executable that preloads it.
@Suite("Allocation counting")
struct AllocationCountingTests {
  @Test(.disabled(if: JemallocPreload.isSanitized, "a sanitizer's allocator replaces jemalloc"))
  func counter_seesExactlyTheAllocationsOfAKnownWorkload_andNoneOfAnEmptyOne() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run([
      "run", "--scenario", "selfcheck/allocate,selfcheck/mul-chain-single", "--quick", "--samples", "5",
      "--out", directory, "--format", "json",
    ])
    // The status is not asserted: the chain's own checks are about timing,
    // which a debug build under parallel tests need not meet.
    #expect(outcome.status != 64, "\(outcome.err)")
    let run = try ResultsJSON.read(path: directory + "/results.json")
    #expect(run.environment.allocator.hasPrefix("jemalloc"))
    let allocate = try #require(run.cases.first { $0.scenario == "allocate" })
    let empty = try #require(run.cases.first { $0.scenario == "mul-chain-single" })
    // Each sample of `allocate` creates n = operations objects of 32 bytes.
    let n = Double(allocate.operationsPerSample)
    for (allocations, bytes) in zip(try #require(allocate.allocationSamples), try #require(allocate.byteSamples)) {
      #expect(allocations * n >= n)
      #expect(allocations * n <= n + 16)
      #expect(bytes * n >= 32 * n)
    }
    #expect(try #require(empty.allocationSamples).allSatisfy { $0 == 0 })
    #expect(try #require(empty.byteSamples).allSatisfy { $0 == 0 })
  }
}

/// The self-check suite must fail on a harness that is broken on purpose.
@Suite("Self-checks catch a broken harness")
struct SelfCheckFaultTests {
  @Test func selfcheck_whenUnrollingIsIgnored_failsTheUnrollCheck() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run([
      "run", "--scenario", "selfcheck/mul-chain*", "--quick", "--samples", "5",
      "--inject-fault", "unrolling-ignored", "--out", directory, "--format", "json",
    ])
    // An unrolled case reported eight operations as one: eight times the single
    // shape's figure, whatever the build's speed.
    #expect(outcome.status == 1, "\(outcome.err)")
    let run = try ResultsJSON.read(path: directory + "/results.json")
    let check = try #require(run.checks.first { $0.name == "unroll-factors-agree" })
    #expect(check.outcome?.passed == false)
  }

  @Test func selfcheck_whenTheReferenceShapeIsIgnored_failsTheEmptyBodyCheck() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run([
      "run", "--scenario", "selfcheck/empty-body", "--quick", "--samples", "5",
      "--inject-fault", "reference-shape-ignored", "--out", directory, "--format", "json",
    ])
    // The eight-operation loop, less the single-operation loop per operation,
    // nets below zero by most of a loop iteration, in any build.
    #expect(outcome.status == 1, "\(outcome.err)")
    let run = try ResultsJSON.read(path: directory + "/results.json")
    let check = try #require(run.checks.first { $0.name == "empty-body-nets-zero" })
    #expect(check.outcome?.passed == false)
    #expect(try #require(check.outcome?.measured) < -0.1)
  }

  @Test func run_rejectsAnUnknownFault() throws {
    let outcome = try ObsbenchProcess.run(["run", "--inject-fault", "gremlins"])
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1)
    #expect(outcome.err.contains("unknown fault 'gremlins'"))
  }
}
