import BenchmarkKit
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A new set of files staged inside an output folder, and the plan that puts it
/// in place file by file: the folder itself is never replaced, so its owner,
/// group, mode (setgid included) and a shell inside it stay as they are.
///
/// The files are written into a hidden staging folder inside the output folder
/// (`.obsbench-staging-<pid>-<n>`, so every rename stays on one file system and
/// is atomic), then a plan, written last, says what committing does, in this
/// order:
///
/// 1. remove the old `results.json`, when the writer owns it;
/// 2. remove the other owned files the new set does not hold;
/// 3. rename every new file but `results.json` into place;
/// 4. rename `results.json` into place.
///
/// `results.json` is what `check`, `compare`, `report` and `explain` read (with
/// the kept profiles beside it), so it goes first and comes back last: whenever a
/// `results.json` is in the folder, the owned files beside it are exactly its
/// run's set. A reader that comes in the middle finds no `results.json`, never
/// one run's results with another run's profiles. The commit runs with signals
/// held off (``ChildProcesses/uninterrupted(_:)``); only a SIGKILL or a crash
/// can stop it midway, and then the next ``OutputFolder`` to lock the folder
/// runs the rest of the plan. A staging folder without a plan (a writer killed
/// while writing it) is removed, and the old set stays.
enum StagedSet {
  /// One step of a plan.
  enum Step: Equatable {
    /// Remove this owned file, if it is there.
    case remove(String)
    /// Rename this staged file into place.
    case put(String)
  }

  /// Marks a staging folder's name, before the writer's process id.
  static let marker = ".obsbench-staging-"
  /// The plan's file in a staging folder; its presence means every file is staged.
  static let planName = ".plan"
  /// The file readers open first: removed first, put last.
  static let results = OutputFormat.json.fileName

  /// Stages `files` in `folder` and commits them, removing the owned files they
  /// do not replace.
  ///
  /// - Parameter onStep: Called as the write reaches each of its delicate
  ///   moments, by name: `before-plan` (every file staged), `before-commit`
  ///   (the plan written), `between-renames` (before each rename but the first)
  ///   and `after-commit`; the command line's tests kill the process there
  ///   (`TestHooks`).
  /// - Throws: ``ReportError`` when a file cannot be written (the folder is then
  ///   as it was) or, rarely, cannot be renamed into place.
  static func install(
    _ files: [(name: String, data: Data)], owning owned: OwnedFiles, in folder: String,
    onStep: (String) -> Void = { _ in }
  ) throws(ReportError) {
    let manager = FileManager.default
    for file in files {
      var isDirectory: ObjCBool = false
      let path = join(folder, file.name)
      if manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw ReportError("cannot replace \(path): it is a folder")
      }
    }
    let staging = join(folder, "\(marker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    guard mkdir(staging, 0o700) == 0 else {
      throw ReportError("cannot write into \(folder): \(String(cString: strerror(errno)))")
    }
    let steps = plan(putting: files.map(\.name), owning: owned)
    do {
      for file in files {
        try file.data.write(to: URL(fileURLWithPath: join(staging, file.name)))
      }
      onStep("before-plan")
      try Data(text(of: steps).utf8).write(to: URL(fileURLWithPath: join(staging, planName)), options: .atomic)
    } catch {
      try? manager.removeItem(atPath: staging)
      throw ReportError("cannot write into \(folder): \(error.localizedDescription)")
    }
    onStep("before-commit")
    try ChildProcesses.uninterrupted { () throws(ReportError) in try commit(staging, into: folder, onStep: onStep) }
  }

  /// The steps that put `names` in place and remove the other `owned` files.
  static func plan(putting names: [String], owning owned: OwnedFiles) -> [Step] {
    var steps = [Step]()
    if owned.names.contains(results) { steps.append(.remove(results)) }
    for name in owned.names.sorted() where name != results && !names.contains(name) {
      steps.append(.remove(name))
    }
    steps += names.filter { $0 != results }.map(Step.put)
    if names.contains(results) { steps.append(.put(results)) }
    return steps
  }

  /// Runs the plan of `staging` in `folder`, then removes `staging`; a staging
  /// folder without a plan is only removed.
  ///
  /// Runs again safely after an interruption: when no staged file is left to put,
  /// the set is in place (`results.json`, put last, was put) and nothing is redone.
  /// `onStep` is called as in ``install(_:owning:in:onStep:)``.
  static func commit(
    _ staging: String, into folder: String, onStep: (String) -> Void = { _ in }
  ) throws(ReportError) {
    defer { try? FileManager.default.removeItem(atPath: staging) }
    guard let text = try? String(contentsOfFile: join(staging, planName), encoding: .utf8) else { return }
    let steps = steps(of: text)
    let staged = steps.compactMap { step -> String? in
      guard case .put(let name) = step, access(join(staging, name), F_OK) == 0 else { return nil }
      return name
    }
    guard !staged.isEmpty else { return }
    var renamed = 0
    for step in steps {
      switch step {
      case .remove(let name):
        // Gone already, or a folder of the user's by that name: left alone.
        _ = unlink(join(folder, name))
      case .put(let name) where staged.contains(name):
        if renamed > 0 { onStep("between-renames") }
        guard rename(join(staging, name), join(folder, name)) == 0 else {
          throw ReportError("cannot replace \(join(folder, name)): \(String(cString: strerror(errno)))")
        }
        renamed += 1
      case .put:
        break
      }
    }
    onStep("after-commit")
  }

  /// Completes or removes the staging folders in `folder` that writers no longer
  /// alive left behind.
  static func recoverLeftovers(in folder: String) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries where entry.hasPrefix(marker) {
      guard let pid = Int32(entry.dropFirst(marker.count).prefix { $0 != "-" }),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      try? commit(join(folder, entry), into: folder)
    }
  }

  /// The plan as text, one step a line: `remove NAME` or `put NAME`.
  static func text(of steps: [Step]) -> String {
    steps.map { step in
      switch step {
      case .remove(let name): "remove \(name)\n"
      case .put(let name): "put \(name)\n"
      }
    }.joined()
  }

  /// The steps of a plan's text; lines it does not know are skipped.
  static func steps(of text: String) -> [Step] {
    text.split(separator: "\n").compactMap { line in
      if line.hasPrefix("remove ") { return .remove(String(line.dropFirst("remove ".count))) }
      if line.hasPrefix("put ") { return .put(String(line.dropFirst("put ".count))) }
      return nil
    }
  }

  /// `name` inside `folder`.
  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
