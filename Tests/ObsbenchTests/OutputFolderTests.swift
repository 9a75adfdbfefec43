import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Two runs into one folder, and runs killed while writing: the folder holds one
/// whole set of files, the old or the new, and nothing hidden stays behind.
@Suite("Output folder", .serialized)
struct OutputFolderTests {
  /// A run of one cheap, stable case.
  static let cheapRun = ["run", "--scenario", "reads/untracked", "--strategy", "none", "--quick", "--samples", "3"]

  private static func contents(_ directory: String) throws -> [String: Data] {
    var files = [String: Data]()
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      files[name] = FileManager.default.contents(atPath: directory + "/" + name)
    }
    return files
  }

  /// The entries of `directory` and of its parent whose names start with a dot.
  private static func hidden(_ directory: String) throws -> [String] {
    let parent = (directory as NSString).deletingLastPathComponent
    return try (FileManager.default.contentsOfDirectory(atPath: directory)
      + FileManager.default.contentsOfDirectory(atPath: parent)).filter { $0.hasPrefix(".") }
  }

  /// Whether every report file of `directory` is of the run in its results.json.
  private static func isOneSet(_ directory: String) throws -> Bool {
    let run = try ResultsJSON.read(path: directory + "/results.json")
    let summary = try String(contentsOfFile: directory + "/summary.md", encoding: .utf8)
    let html = try String(contentsOfFile: directory + "/report.html", encoding: .utf8)
    return summary.contains("Date: \(run.environment.date)") && html.contains(run.environment.date)
  }

  @Test func run_whileAnotherProcessHoldsTheFolder_exits64_withOneLine() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
    #expect(flock(descriptor, LOCK_EX) == 0)
    defer { close(descriptor) }
    let outcome = try ObsbenchProcess.run(Self.cheapRun + ["--out", directory])
    #expect(outcome.status == 64)
    #expect(
      outcome.errorLines == [
        "obsbench: output folder \(directory) is in use by another obsbench process; wait for it to finish or choose another --out"
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
  }

  @Test func twoRunsIntoOneFolderAtOnce_theSecondExits64_theFirstWrites() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = directory + "/out"
    guard let executable = ObsbenchProcess.executable else { throw CocoaError(.fileNoSuchFile) }
    let first = Process()
    first.executableURL = executable
    first.arguments = ["run", "--scenario", "reads/untracked", "--strategy", "none", "--samples", "20", "--out", out]
    first.standardOutput = FileHandle.nullDevice
    first.standardError = FileHandle.nullDevice
    try first.run()
    // Wait until the first holds the folder: our own try at the lock fails.
    var held = false
    for _ in 0..<600 where !held {
      let descriptor = open(out, O_RDONLY | O_DIRECTORY)
      if descriptor >= 0 {
        held = flock(descriptor, LOCK_EX | LOCK_NB) != 0
        close(descriptor)
      }
      if !held { usleep(50_000) }
    }
    #expect(held, "the first run never locked \(out)")
    let second = try ObsbenchProcess.run(Self.cheapRun + ["--out", out])
    first.waitUntilExit()
    #expect(second.status == 64)
    #expect(second.errorLines.count == 1, "\(second.err)")
    #expect(second.err.contains("is in use by another obsbench process"))
    #expect(first.terminationStatus == 0)
    let run = try ResultsJSON.read(path: out + "/results.json")
    // 4 passes of at least 3 and at most 5 samples: the first run's whole set.
    #expect(run.cases.map { (12...20).contains($0.samples.count) } == [true])
  }

  @Test func run_intoARelativeFolderOfOneLetter_writesIt() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for _ in 0..<2 {
      let outcome = try ObsbenchProcess.run(Self.cheapRun + ["--out", "A"], in: directory)
      #expect(outcome.status == 0, "\(outcome.err)")
    }
    #expect(try Self.isOneSet(directory + "/A"))
    #expect(try Self.hidden(directory + "/A").isEmpty)
  }

  @Test(arguments: ["before-swap", "after-swap"])
  func run_killedWhileWriting_leavesTheOldSetOrTheNew_andTheNextRunCleansUp(step: String) throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = directory + "/out"
    #expect(try ObsbenchProcess.run(Self.cheapRun + ["--out", out]).status == 0)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))
    let old = try Self.contents(out)

    let killed = try ObsbenchProcess.run(Self.cheapRun + ["--out", out], environment: ["OBSBENCH_TEST_KILL_AT": step])
    #expect(killed.status == 128 + SIGKILL)
    let after = try Self.contents(out)
    #expect(Set(after.keys) == ["notes.txt", "report.html", "results.csv", "results.json", "summary.md"])
    #expect(after["notes.txt"] == Data("mine".utf8))
    if step == "before-swap" {
      #expect(after == old)
    } else {
      #expect(after["results.json"] != old["results.json"])
    }
    #expect(try Self.isOneSet(out))
    #expect(try Self.hidden(out).count == 1, "the killed writer's staging folder")

    #expect(try ObsbenchProcess.run(Self.cheapRun + ["--out", out]).status == 0)
    #expect(try Self.hidden(out).isEmpty)
    #expect(try Self.isOneSet(out))
    #expect(FileManager.default.contents(atPath: out + "/notes.txt") == Data("mine".utf8))
  }
}
