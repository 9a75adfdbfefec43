import BenchmarkReports
import Foundation
import Testing

/// `.github/workflows/benchmarks.yml`, parsed with PyYAML (Debian `python3-yaml`,
/// installed by scripts/bootstrap) and checked for what the README promises of
/// it. Its schema is checked by scripts/lint-workflows, which scripts/test runs.
@Suite("CI workflow")
struct WorkflowTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let path = root.appendingPathComponent(".github/workflows/benchmarks.yml").path

  typealias Step = [String: Any]

  /// The workflow as JSON values (YAML's `on:`, read as `true` by YAML 1.1, back under "on").
  static func workflow() throws -> [String: Any] {
    let script = """
      import json, sys, yaml
      document = yaml.safe_load(open(sys.argv[1]))
      if True in document: document["on"] = document.pop(True)
      json.dump(document, sys.stdout)
      """
    let candidates = ["/usr/bin/python3", "/usr/local/bin/python3"]
    var failures = [String]()
    for python in candidates where FileManager.default.isExecutableFile(atPath: python) {
      let outcome = try Self.launch(python, ["-c", script, path])
      if outcome.status == 0 {
        return try #require(try JSONSerialization.jsonObject(with: outcome.out) as? [String: Any])
      }
      failures.append("\(python): \(outcome.err)")
    }
    Issue.record("no python3 with yaml parsed the workflow (scripts/bootstrap installs python3-yaml): \(failures)")
    throw CocoaError(.fileReadUnknown)
  }

  static func steps() throws -> [Step] {
    let workflow = try workflow()
    let jobs = try #require(workflow["jobs"] as? [String: Any])
    let job = try #require(jobs["benchmarks"] as? [String: Any])
    return try #require(job["steps"] as? [Step])
  }

  static func launch(_ executable: String, _ arguments: [String], input: String? = nil) throws -> (
    status: Int32, out: Data, err: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    let stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, outData, String(decoding: errData, as: UTF8.self))
  }

  @Test func workflow_runsOnPullRequestsAndOnMain() throws {
    let workflow = try Self.workflow()
    let triggers = try #require(workflow["on"] as? [String: Any])
    #expect(triggers.keys.contains("pull_request"))
    let push = try #require(triggers["push"] as? [String: Any])
    #expect((push["branches"] as? [String]) == ["main"])
    let jobs = try #require(workflow["jobs"] as? [String: Any])
    let job = try #require(jobs["benchmarks"] as? [String: Any])
    #expect(job["runs-on"] is String)
    #expect((job["timeout-minutes"] as? Int).map { $0 > 0 && $0 <= 360 } == true)
  }

  @Test func everyRunBlock_isValidBash_andEveryScriptItCallsExists() throws {
    let steps = try Self.steps()
    #expect(steps.count >= 8)
    for step in steps {
      #expect(step["name"] is String || step["uses"] is String, "a step needs a name: \(step)")
      #expect((step["run"] == nil) != (step["uses"] == nil), "a step either runs or uses: \(step)")
      if let uses = step["uses"] as? String {
        #expect(
          uses.range(of: #"^[\w.-]+/[\w.-]+@v\d+$"#, options: .regularExpression) != nil,
          "\(uses) is pinned to a major version")
      }
      guard let run = step["run"] as? String else { continue }
      let syntax = try Self.launch("/bin/bash", ["-n"], input: run)
      #expect(syntax.status == 0, "bash -n: \(syntax.err) in \(run)")
      for match in run.matches(of: /scripts\/[a-z-]+/) {
        let script = Self.root.appendingPathComponent(String(match.output)).path
        #expect(FileManager.default.isExecutableFile(atPath: script), "\(match.output) is not an executable script")
      }
      // Every obsbench --format list in the workflow names formats obsbench has.
      for match in run.matches(of: /--format ([a-z,-]+)/) {
        #expect(throws: Never.self) { try OutputFormat.parseList(String(match.output.1)) }
      }
    }
  }

  @Test func pullRequests_gateByAnABRunAgainstTheBaseCommit_andUploadTheReport() throws {
    let steps = try Self.steps()
    let ci = try #require(steps.firstIndex { ($0["run"] as? String)?.contains("scripts/ci") == true })
    // scripts/ci builds OBSBENCH_BASE in a scratch worktree and measures both
    // builds pass by pass in this job (run --baseline-binary).
    let base = try #require((steps[ci]["env"] as? [String: Any])?["OBSBENCH_BASE"] as? String)
    #expect(base == "${{ github.event.pull_request.base.sha }}")
    #expect(steps[ci]["if"] == nil, "the gates run on every event")
    #expect(steps[ci]["continue-on-error"] == nil, "a broken gate fails the job")
    let script = try String(contentsOfFile: "scripts/ci", encoding: .utf8)
    #expect(script.contains("OBSBENCH_BASE") && script.contains("--baseline-binary"))
    // The base commit must be in the checkout to be built.
    let checkout = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/checkout@") == true })
    #expect((checkout["with"] as? [String: Any])?["fetch-depth"] as? Int == 0)

    let upload = try #require(
      steps.firstIndex { ($0["with"] as? [String: Any])?["name"] as? String == "obsbench-report" })
    #expect(ci < upload)
    #expect(steps[upload]["if"] as? String == "always()")
    let paths = ((steps[upload]["with"] as? [String: Any])?["path"] as? String ?? "").split(separator: "\n")
    #expect(paths.contains("Reports/ci/report.html") && paths.contains("Reports/ci/results.json"))
    #expect(paths.contains("Reports/ci/baseline-results.json") && paths.contains("Reports/ci/ab.md"))
  }

  @Test func main_storesTheBaseline_andPushesTheTrend() throws {
    let steps = try Self.steps()
    let onMain = "github.event_name == 'push' && github.ref == 'refs/heads/main'"
    let store = try #require(
      steps.first {
        ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true
          && ($0["with"] as? [String: Any])?["name"] as? String == "obsbench-baseline"
      })
    #expect(store["if"] as? String == onMain)
    #expect((store["with"] as? [String: Any])?["path"] as? String == "Reports/ci/results.json")

    let push = try #require(
      steps.first { ($0["uses"] as? String)?.hasPrefix("benchmark-action/github-action-benchmark@") == true })
    #expect(push["if"] as? String == onMain)
    let with = try #require(push["with"] as? [String: Any])
    #expect(with["tool"] as? String == "customSmallerIsBetter")
    let output = try #require(with["output-file-path"] as? String)
    // An earlier step writes that file: `report --out FOLDER --format github-action-benchmark`.
    let folder = (output as NSString).deletingLastPathComponent
    #expect((output as NSString).lastPathComponent == OutputFormat.githubActionBenchmark.fileName)
    #expect(
      steps.contains {
        let run = $0["run"] as? String ?? ""
        return run.contains("--out \(folder)") && run.contains("--format github-action-benchmark")
          && $0["if"] as? String == onMain
      })
  }
}
