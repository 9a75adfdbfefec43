import Foundation
import Testing

/// Every kind of bad input: exit status 64 and exactly one line on standard error.
@Suite("Bad input")
struct BadInputTests {
  static let runCases: [([String], String)] = [
    (["run", "--suite", "nope"], "unknown suite 'nope'; suites: selfcheck"),
    (["run", "--scenario", "zzz*"], "no scenario matches 'zzz*'; scenarios: "),
    (["run", "--strategy", "fast"], "unknown strategy 'fast'; strategies: "),
    (["run", "--sizes", "1,,2"], "malformed size list '1,,2'"),
    (["run", "--sizes", "ten"], "malformed size list 'ten'"),
    (["run", "--sizes", "0"], "is not a positive whole number"),
    (["run", "--sizes", "-5"], "is not a positive whole number"),
    (["run", "--sizes"], "--sizes needs a value"),
    (["run", "--samples", "0"], "--samples needs a whole number"),
    (["run", "--passes", "0"], "--passes needs a whole number from 1 to 20"),
    (["run", "--passes", "21"], "--passes needs a whole number from 1 to 20"),
    (["run", "--passes", "two"], "--passes needs a whole number from 1 to 20"),
    (["run", "--stack-placements", "1"], "--stack-placements needs a whole number from 2 to 64"),
    (["run", "--stack-placements", "65"], "--stack-placements needs a whole number from 2 to 64"),
    (["run", "--time-budget", "-1"], "--time-budget needs a positive number"),
    (["run", "--format", "pdf"], "unknown format 'pdf'"),
    (["run", "--bogus"], "unknown option '--bogus'"),
    (["run", "extra"], "unexpected argument 'extra'"),
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["compare", "only-one.json"], "compare: expected BASELINE.json and CURRENT.json"),
    (["compare", "/nonexistent/a.json", "/nonexistent/b.json"], "/nonexistent/a.json: cannot read (no such file)"),
    (["report"], "report: expected at least one RUN.json"),
    (["report", "/nonexistent/run.json"], "cannot read (no such file)"),
    (["check", "/nonexistent/rules"], "check: cannot read rules file /nonexistent/rules: no such file"),
    (["check", "/tmp"], "check: cannot read rules file /tmp: it is a directory"),
    (["list", "extra"], "list: unexpected argument 'extra'"),
    (["explain", "reads/nope", "a", "b"], "explain: no scenario 'reads/nope'"),
    (["explain", "reads/tracked", "lock-thread-keypath", "bogus"], "explain: reads/tracked has no strategy 'bogus'"),
    (["explain", "reads/tracked", "lock-thread-keypath"], "explain: one strategy needs another side"),
    (
      ["explain", "reads/tracked", "lock-thread-keypath", "--before", "/nonexistent/a", "--after", "/nonexistent/b"],
      "explain: no file or folder /nonexistent/a"
    ),
    (
      ["explain", "reads/tracked", "lock-thread-keypath", "--baseline-binary", "/nonexistent/obsbench"],
      "explain: --baseline-binary /nonexistent/obsbench is not an executable file"
    ),
  ]

  @Test(arguments: runCases)
  func badInput_exits64_withOneLine(arguments: [String], expected: String) throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let isRun = arguments.first == "run"
    let outcome = try ObsbenchProcess.run(
      isRun ? ["run", "--out", directory + "/out"] + arguments.dropFirst() : arguments)
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(outcome.err.hasPrefix("obsbench: "))
    #expect(outcome.err.contains(expected), "\(outcome.err)")
    // Bad input is found before anything is measured or written, or created.
    #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
  }

  @Test func run_whenOutputFolderIsUnwritable_exits64() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/file"
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    for out in [file, file + "/below"] {
      let outcome = try ObsbenchProcess.run(["run", "--suite", "selfcheck", "--out", out])
      #expect(outcome.status == 64)
      #expect(outcome.errorLines.count == 1, "\(outcome.err)")
      #expect(outcome.err.contains("output folder \(out)"))
    }
  }

  @Test(arguments: ["", "{ not json", "{\"version\": 1, \"cases\": 3}", "[]", "{\"version\": 12}"])
  func compare_withCorruptBaseline_exits64_withoutCrashing(content: String) throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let baseline = directory + "/baseline.json"
    try Data(content.utf8).write(to: URL(fileURLWithPath: baseline))
    let outcome = try ObsbenchProcess.run(["compare", baseline, baseline])
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(outcome.err.hasPrefix("obsbench: \(baseline): "))
  }

  @Test func run_thatFailsOnBadInput_leavesTheExistingReportUntouched() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = ["results.csv": "old csv", "results.json": "{\"old\": true}", "summary.md": "# old"]
    for (name, content) in files {
      try Data(content.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name)"))
    }
    for arguments in [["--strategy", "fast"], ["--sizes", "x"], ["--suite", "nope"], ["--format", "doc"]] {
      let outcome = try ObsbenchProcess.run(["run", "--out", directory] + arguments)
      #expect(outcome.status == 64)
    }
    for (name, content) in files {
      #expect(try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8) == content)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == files.count)
  }

  @Test func help_onEveryCommand_exitsZero() throws {
    for command in [
      ["--help"], ["-h"], [], ["run", "--help"], ["list", "-h"], ["compare", "--help"], ["report", "--help"],
      ["check", "--help"],
    ] {
      let outcome = try ObsbenchProcess.run(command)
      #expect(outcome.status == 0, "\(command)")
      #expect(outcome.out.contains("USAGE: obsbench"), "\(command)")
    }
  }

  /// `profile` and `explain` name the same groups, every one of them.
  @Test func help_ofProfileAndExplain_nameEveryGroup() throws {
    let groups = ["registrar", "scope", "store", "alloc", "notify", "harness", "workload", "other"]
    for command in ["profile", "explain"] {
      let help = try ObsbenchProcess.run([command, "--help"]).out.replacingOccurrences(of: "\n", with: " ")
        .replacingOccurrences(of: "    ", with: " ")
      for group in groups { #expect(help.contains(group), "\(command) --help names no \(group)") }
    }
  }
}
