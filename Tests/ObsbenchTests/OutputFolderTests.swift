import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Two runs into one folder, and runs killed while writing: the folder holds one
/// whole set of files, the old or the new, and nothing hidden stays behind; the
/// folder itself stays the user's.
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
    return try
      (FileManager.default.contentsOfDirectory(atPath: directory)
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
        "obsbench: output folder \(directory) is in use by another obsbench process; wait for it to finish or choose "
          + "another --out"
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
  }

  @Test func twoRunsIntoOneFolderAtOnce_theSecondExits64_theFirstWrites() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = directory + "/out"
    guard let executable = ObsbenchProcess.executable else { throw CocoaError(.fileNoSuchFile) }
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
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

  @Test func run_intoAMissingFolderAnotherProcessHolds_exits64_andCreatesNothing() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = directory + "/a/b"
    let held = try OutputFolder(locking: out)
    // Another spelling of the same folder is the same folder.
    let outcome = try ObsbenchProcess.run(Self.cheapRun + ["--out", "a/./b/"], in: directory)
    withExtendedLifetime(held) {}
    #expect(outcome.status == 64)
    #expect(outcome.errorLines.count == 1, "\(outcome.err)")
    #expect(outcome.err.contains("is in use by another obsbench process"), "\(outcome.err)")
    #expect(!FileManager.default.fileExists(atPath: directory + "/a"))
  }

  @Test func run_withFewerFormatsIntoAFolderOfAFullRun_leavesOnlyTheNewRunsFiles() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = directory + "/out"
    let full = try ObsbenchProcess.run(Self.cheapRun + ["--out", out, "--format", "csv,json,md,html,influx"])
    #expect(full.status == 0, "\(full.err)")
    // Files obsbench never writes are the user's.
    for name in ["notes.txt", "compare.html"] {
      try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/" + name))
    }
    let narrowed = try ObsbenchProcess.run(Self.cheapRun + ["--out", out, "--format", "csv"])
    #expect(narrowed.status == 0, "\(narrowed.err)")
    let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    #expect(names == ["compare.html", "notes.txt", "results.csv"])
    // check and compare find no run rather than the old one.
    let check = try ObsbenchProcess.run(["check", "/dev/null", out + "/results.json"])
    #expect(check.status == 64)
  }

  @Test func run_intoAFolder_keepsTheFolderItself_itsModeOwnerAndAShellInside() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = directory + "/shared"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    #expect(chmod(out, 0o2775) == 0)
    // As root, hand the folder to someone else, as a shared folder is.
    let owner: (uid_t, gid_t) = getuid() == 0 ? (65534, 65534) : (getuid(), getgid())
    #expect(chown(out, owner.0, owner.1) == 0)
    var before = stat()
    #expect(stat(out, &before) == 0)
    for (arguments, folder) in [(["--out", out], nil), (["--out", "."], out)] as [([String], String?)] {
      let outcome = try ObsbenchProcess.run(Self.cheapRun + arguments, in: folder)
      #expect(outcome.status == 0, "\(outcome.err)")
      var after = stat()
      #expect(stat(out, &after) == 0)
      #expect(after.st_ino == before.st_ino)
      #expect(after.st_mode & 0o7777 == 0o2775)
      #expect(after.st_uid == owner.0 && after.st_gid == owner.1)
      #expect(try Self.isOneSet(out))
      #expect(try Self.hidden(out).isEmpty)
    }
    // The files take the folder's group, as setgid asks.
    var file = stat()
    #expect(stat(out + "/results.json", &file) == 0)
    #expect(file.st_gid == owner.1)
  }

  @Test(arguments: ["before-plan", "before-commit", "between-renames", "after-commit"])
  func run_killedWhileWriting_leavesTheOldSetOrTheNew_andTheNextLockCompletesIt(step: String) throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let out = directory + "/out"
    #expect(try ObsbenchProcess.run(Self.cheapRun + ["--out", out]).status == 0)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))
    let old = try Self.contents(out)

    let killed = try ObsbenchProcess.run(Self.cheapRun + ["--out", out], environment: ["OBSBENCH_TEST_KILL_AT": step])
    #expect(killed.status == 128 + SIGKILL)
    let after = try Self.contents(out)
    #expect(try Self.hidden(out).count == 1, "the killed writer's staging folder")
    switch step {
    case "before-plan", "before-commit":
      #expect(after == old)
    case "between-renames":
      // Midway, results.json is gone: no reader sees the old run beside new files.
      #expect(after["results.json"] == nil)
    default:
      #expect(Set(after.keys) == Set(old.keys))
      #expect(after["results.json"] != old["results.json"])
      #expect(try Self.isOneSet(out))
    }

    // The next lock finishes what the killed writer started once its plan was
    // written (every file staged), and drops it before.
    _ = try OutputFolder(locking: out)
    #expect(try Self.hidden(out).isEmpty)
    #expect(try Self.isOneSet(out))
    let recovered = try Self.contents(out)
    #expect(Set(recovered.keys) == ["notes.txt", "report.html", "results.csv", "results.json", "summary.md"])
    #expect(recovered["notes.txt"] == Data("mine".utf8))
    #expect((recovered["results.json"] == old["results.json"]) == (step == "before-plan"))

    #expect(try ObsbenchProcess.run(Self.cheapRun + ["--out", out]).status == 0)
    #expect(try Self.hidden(out).isEmpty)
    #expect(try Self.isOneSet(out))
    #expect(FileManager.default.contents(atPath: out + "/notes.txt") == Data("mine".utf8))
  }
}
