import BenchmarkKit
import BenchmarkReports
import Benchmarks
import Foundation
import Testing

/// compare, check and coverage through the executable: the exit statuses CI relies on.
@Suite("compare, check and coverage gates")
struct GateCommandTests {
  @Test(arguments: ["0.5", "1", "5", "0.05", "five", "-5%"])
  func compare_thresholdWithoutPercent_exits64(threshold: String) throws {
    let outcome = try ObsbenchProcess.run(["compare", "a.json", "b.json", "--threshold", threshold])
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1)
    #expect(outcome.err.contains("malformed threshold"))
  }

  @Test(arguments: ["0%", "1000%", "0.0%"])
  func compare_thresholdOutOfRange_exits64_sayingTheRange(threshold: String) throws {
    let outcome = try ObsbenchProcess.run(["compare", "a.json", "b.json", "--threshold", threshold])
    #expect(outcome.status == 64)
    #expect(
      outcome.errorLines == [
        "obsbench: threshold '\(threshold)' is out of range; give a percentage above 0% and below 1000%, such as 5%"
      ])
  }

  /// Runs `scripts/NAME` with `arguments` in `directory` (default: here), with
  /// `environment` over this process's; its status and standard error.
  static func script(
    _ name: String, _ arguments: [String] = [], in directory: String? = nil, environment: [String: String] = [:]
  ) throws -> (status: Int32, err: String) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [root.appendingPathComponent("scripts/\(name)").path] + arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.environment = ProcessInfo.processInfo.environment.merging(environment, uniquingKeysWith: { $1 })
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, message)
  }

  /// What `scripts/ci` says of `OBSBENCH_THRESHOLD`, stopped right after: its run
  /// goes into a folder that cannot be made.
  private static func scriptsCI(threshold: String) throws -> (status: Int32, err: String) {
    try script(
      "ci",
      environment: [
        "OBSBENCH_THRESHOLD": threshold, "OBSBENCH_SKIP_BUILD": "1", "OBSBENCH_SKIP_INSTRUCTIONS": "1",
        "OUT": "/dev/null/out",
      ])
  }

  @Test(arguments: ["5%", ".5%", "12.5%", "999.9%", "0%", "1000%", "5.%", "1e2%", "+5%", "0.5"])
  func threshold_compareAndScriptsCI_acceptAndRefuseAlike(threshold: String) throws {
    let compareAccepts = (try? RunComparison.parseThreshold(threshold)) != nil
    let ci = try Self.scriptsCI(threshold: threshold)
    let ciRefuses = ci.status == 64 && ci.err.contains("OBSBENCH_THRESHOLD")
    #expect(compareAccepts == !ciRefuses, "compare \(compareAccepts ? "accepts" : "refuses"); ci: \(ci.err)")
  }

  /// scripts/ci takes the run's selection options and refuses anything else,
  /// before it builds or writes anything.
  @Test(arguments: [
    (["--bogus"], "ci: unknown argument '--bogus'; scripts/ci takes --suite, --scenario and --strategy"),
    (["--suite"], "ci: --suite needs a value"),
  ])
  func scriptsCI_refusesAnythingButASelection(arguments: [String], message: String) throws {
    let outcome = try Self.script(
      "ci", arguments, environment: ["OBSBENCH_SKIP_BUILD": "1", "OUT": "/dev/null/out"])
    #expect(outcome.status == 64)
    #expect(outcome.err.contains(message), "\(outcome.err)")
  }

  @Test func check_unitThatDoesNotFitTheMetric_exits64() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gates-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let rules = directory + "/rules.txt"
    try "lock-thread-keypath on reads/untracked allocs <= 5ns\n".write(toFile: rules, atomically: true, encoding: .utf8)
    let outcome = try ObsbenchProcess.run(["check", rules, directory + "/results.json"])
    #expect(outcome.status == 64)
    #expect(outcome.err.contains("unit 'ns' does not fit allocs"))
  }

  @Test func checkSuggest_givenSeveralRuns_boundsWithinTwiceTheSmallest_andCommentsFewNanosecondRules() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gates-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    // lock-thread-keypath takes 10 ns × scale against apple's 40 ns.
    try ReportInputTests.write(
      Publication.publish(ReportInputTests.run(["tracked"], scale: 1.5)), to: directory + "/a.json")
    try ReportInputTests.write(
      Publication.publish(ReportInputTests.run(["tracked"], scale: 2)), to: directory + "/b.json")
    try ReportInputTests.write(
      Publication.publish(ReportInputTests.run(["tracked"], scale: 0.5)), to: directory + "/c.json")
    let rules = directory + "/rules.txt"
    try "lock-thread-keypath / apple on reads/tracked <= 9\n".write(toFile: rules, atomically: true, encoding: .utf8)
    let both = try ObsbenchProcess.run(["check", rules, directory + "/a.json", directory + "/b.json", "--suggest"])
    #expect(both.status == 0, "\(both.err)")
    let bound = try #require(try CheckRule.parseFile(both.out, source: "suggested").first?.bound)
    // Under 1.6 × b's ratio of 0.5: 1.9 × a's 0.375, so that a's case 2× slower breaks it.
    #expect(bound >= 0.68 && bound <= 0.72, "\(both.out)")
    #expect(both.out.contains("in 2 runs"))
    let fewNanoseconds = try ObsbenchProcess.run([
      "check", rules, directory + "/a.json", directory + "/c.json", "--suggest",
    ])
    #expect(
      fewNanoseconds.out.hasPrefix("# not a time gate: lock-thread-keypath / apple on reads/tracked ("),
      "\(fewNanoseconds.out)")
    let check = try ObsbenchProcess.run(["check", rules, directory + "/c.json"])
    #expect(check.status == 0)
    #expect(check.out.hasPrefix("WARN "), "\(check.out)")
    let twoWithoutSuggest = try ObsbenchProcess.run(["check", rules, directory + "/a.json", directory + "/b.json"])
    #expect(twoWithoutSuggest.status == 64)
  }

  @Test func checkHelp_examplesNameCasesThatExist() throws {
    let help = try ObsbenchProcess.run(["check", "--help"]).out
    // The examples: the lines between "one rule a line:" and "Grammar:".
    let lines = help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let start = try #require(lines.firstIndex { $0.hasSuffix("one rule a line:") })
    let end = try #require(lines.firstIndex { $0.hasPrefix("Grammar:") })
    let examples = Array(lines[(start + 1)..<end])
    #expect(examples.count >= 3)
    for example in examples {
      let parts = example.components(separatedBy: " on ")[1].split(separator: " ")[0].split(separator: "@")
      let target = String(parts[0])
      let size = parts.count == 2 ? Int(parts[1]) : nil
      let exists = Registry.suites.contains { suite in
        suite.scenarios.contains { scenario in
          let name = target.contains("/") ? "\(suite.name)/\(scenario.name)" : scenario.name
          return GlobPattern(target).matches(name)
            && (size.map { scenario.sizes.contains($0) || scenario.quickSizes.contains($0) } ?? true)
        }
      }
      #expect(exists, "check --help example names no case: \(example)")
    }
  }

  @Test(arguments: [["--runs", "0"], ["--runs", "ten"], ["--plants", "nosuch"], ["--sideways"]])
  func gateTrial_whenInputIsBad_exits64_withOneLine_beforeBuildingAnything(arguments: [String]) throws {
    let outcome = try Self.script("gate-trial", arguments + ["--out", "/dev/null/never"])
    #expect(outcome.status == 64)
    #expect(outcome.err.hasPrefix("gate-trial: "))
    #expect(outcome.err.split(separator: "\n").count == 1, "\(outcome.err)")
  }

  @Test func scriptsCI_whenTheBaseBinaryIsNotExecutable_exits64_namingIt() throws {
    let outcome = try Self.script(
      "ci",
      environment: [
        "OBSBENCH_BASE_BINARY": "/nonexistent/obsbench", "OBSBENCH_SKIP_BUILD": "1",
        "OBSBENCH_SKIP_INSTRUCTIONS": "1", "OUT": "/dev/null/out",
      ])
    #expect(outcome.status == 64)
    #expect(outcome.err.contains("/nonexistent/obsbench is not executable"))
  }

  @Test func scriptsCI_rejectsAThresholdWithoutPercent() throws {
    let outcome = try Self.script("ci", environment: ["OBSBENCH_THRESHOLD": "0.5", "OBSBENCH_SKIP_BUILD": "1"])
    #expect(outcome.status == 64)
    #expect(outcome.err.contains("OBSBENCH_THRESHOLD"))
  }

  @Test func scriptsCIInstructions_takesDIRAndRULESFromTheCallersFolder() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try Data().write(to: URL(fileURLWithPath: directory + "/taken"))
    try Data("# no rule here\n".utf8).write(to: URL(fileURLWithPath: directory + "/rules.txt"))
    func run(_ arguments: [String]) throws -> (status: Int32, err: String) {
      try Self.script("ci-instructions", arguments, in: directory)
    }
    // Both refused before anything is counted, each named where the caller meant it.
    let rules = try run(["out", "rules.txt"])
    #expect(rules.status == 64)
    #expect(rules.err.contains("\(directory)/rules.txt has no instruction rule"), "\(rules.err)")
    let folder = try run(["taken"])
    #expect(folder.status == 64)
    #expect(folder.err.contains("\(directory)/taken is not a folder"), "\(folder.err)")
  }

  @Test func check_onARunOfOneSuite_skipsTheOtherSuitesRules_andExits0() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let results = directory + "/results.json"
    try ReportInputTests.write(Publication.publish(ReportInputTests.run(["untracked", "tracked"])), to: results)
    let rules = directory + "/rules.txt"
    try """
    lock-thread-keypath / apple on reads/untracked <= 1
    lock-thread-keypath / apple on mutations/render-mutate <= 0.5
    """.write(toFile: rules, atomically: true, encoding: .utf8)
    let outcome = try ObsbenchProcess.run(["check", rules, results])
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out.contains("SKIP lock-thread-keypath / apple on mutations/render-mutate <= 0.5"))
    #expect(outcome.err.contains("all 1 checks of 2 rules hold; 1 rules skipped, their suites not in the results"))
  }

  /// Two runs of `ReportInputTests.run` written into a new folder: `a` as
  /// published by the run, `b` as a file written before runs stored their figures.
  private func coverageFiles(scale: Double = 1) throws -> (directory: String, a: String, b: String) {
    let directory = try ObsbenchProcess.temporaryDirectory()
    let a = directory + "/a.json"
    let b = directory + "/b.json"
    try ReportInputTests.write(Publication.publish(ReportInputTests.run(["untracked", "tracked"])), to: a)
    try ReportInputTests.write(ReportInputTests.run(["untracked", "tracked"], scale: scale), to: b)
    return (directory, a, b)
  }

  @Test func coverage_ofTwoRunsOfTheSameCode_printsRatiosMediansBoundsAndSamples() throws {
    let files = try coverageFiles()
    defer { try? FileManager.default.removeItem(atPath: files.directory) }
    let outcome = try ObsbenchProcess.run(["coverage", files.a, files.b, "--minimum", "90%"])
    #expect(outcome.status == 0, "\(outcome.err)")
    let lines = outcome.out.split(separator: "\n").map(String.init)
    #expect(lines.contains("reads: ratios 2 of 2, medians 4 of 4"))
    #expect(
      lines.contains {
        $0.hasPrefix("coverage: 2 of 2 cases (100.0%) have B's ratio to apple inside A's 95% interval; 0 left out")
      })
    #expect(
      lines.contains {
        $0.hasPrefix("medians: 4 of 4 cases (100.0%) have B's median inside A's 95% interval of it; 0 left out")
      })
    #expect(lines.contains("bounds: 0 of 0 of A's bounds lie below one of its own pass medians"))
    #expect(
      lines.contains(
        "samples: fewest in one pass of A 15 (reads/tracked[1] apple); per case of A min 15, median 15, max 15 over 4 "
          + "cases"
      ))
  }

  @Test func coverage_whenAShareIsBelowMinimum_exits1_namingIt() throws {
    let files = try coverageFiles(scale: 1.5)
    defer { try? FileManager.default.removeItem(atPath: files.directory) }
    let outcome = try ObsbenchProcess.run(["coverage", files.a, files.b, "--minimum", "90%", "--list"])
    #expect(outcome.status == 1, "\(outcome.err)")
    #expect(outcome.out.contains("coverage: 0 of 2 cases (0.0%)"))
    #expect(outcome.out.contains("medians: 2 of 4 cases (50.0%)"))
    #expect(outcome.out.contains("OUT ratio  reads/tracked[1] lock-thread-keypath  "))
    #expect(outcome.out.contains("in  median reads/tracked[1] apple  "))
    #expect(
      outcome.errorLines == [
        "obsbench: ratio coverage 0.0% is below 90.0%",
        "obsbench: median coverage after the machine shift 0.0% is below 90.0%",
      ])
  }

  @Test func coverage_whenTheWholeMachineRanSlower_passesMinimum_onWhatTheIntervalsClaim() throws {
    // Every case of B ×1.5, apple too: the machine, not the intervals. Ratios
    // cancel it; medians miss it raw and hold it once it is divided out.
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let a = directory + "/a.json"
    let b = directory + "/b.json"
    let first = Publication.publish(ReportInputTests.run(["untracked", "tracked"]))
    var second = ReportInputTests.run(["untracked", "tracked"])
    for index in second.cases.indices {
      second.cases[index].samples = second.cases[index].samples.map { $0 * 1.5 }
      second.cases[index].statistics = Statistics(second.cases[index].samples, resamples: 50)
    }
    try ReportInputTests.write(first, to: a)
    try ReportInputTests.write(second, to: b)
    let outcome = try ObsbenchProcess.run(["coverage", a, b, "--minimum", "90%"])
    #expect(outcome.status == 0, "\(outcome.err)")
    #expect(outcome.out.contains("medians: 0 of 4 cases (0.0%)"), "\(outcome.out)")
    #expect(outcome.out.contains("machine: B's medians over A's, per suite (median over cases): reads ×1.50"))
    #expect(outcome.out.contains("medians after the machine shift: 4 of 4 cases (100.0%)"))
    #expect(outcome.out.contains("coverage: 2 of 2 cases (100.0%)"))
    #expect(outcome.out.contains("widths: A's compared 95% intervals, median half-span"))
  }

  @Test(arguments: [
    ["coverage", "a.json"], ["coverage", "a.json", "b.json", "--minimum", "85"],
    ["coverage", "a.json", "b.json", "--reference", "apple"],
  ])
  func coverage_whenInputIsBad_exits64(arguments: [String]) throws {
    let outcome = try ObsbenchProcess.run(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1)
    if arguments.contains("--reference") {
      // coverage has no reference to choose: the option is unknown, not a run without intervals.
      #expect(outcome.err.contains("unknown option '--reference'"), "\(outcome.err)")
    }
  }

  @Test func coverageHelp_describesEveryLineItPrints() throws {
    let outcome = try ObsbenchProcess.run(["coverage", "--help"])
    #expect(outcome.status == 0)
    for phrase in ["ratio to apple", "interval of the median", "bounds", "pass medians", "--minimum PERCENT"] {
      #expect(outcome.out.contains(phrase), "\(phrase)")
    }
    #expect(!outcome.out.contains("--reference"))
  }
}
