import BenchmarkKit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes report files into a folder so that the folder always holds one whole
/// set: the old one or the new one, never a mix, never a half-written file.
///
/// Every file is rendered in memory first. The new set is written into a hidden
/// staging folder beside the output folder, together with hard links to every
/// other entry already in the output folder (a user's files, `compare.html`),
/// and the two folders are swapped in one `renameat2(RENAME_EXCHANGE)`; the old
/// set, now in the staging folder, is then removed. Killed before the swap, the
/// folder holds the old set; after it, the new one. A staging folder left by a
/// killed process is removed by the next ``OutputFolder`` that locks the folder.
///
/// Where a swap is impossible (the output folder is the current folder or holds
/// it, its parent is not writable, or the file system cannot exchange), each
/// file is renamed into place one at a time: each file is whole, but a process
/// killed between two renames leaves a mix.
public enum ReportWriter {
  /// Makes sure `directory` exists and accepts new files, before a run spends
  /// minutes measuring.
  ///
  /// - Throws: ``ReportError`` when the folder cannot be created or written.
  public static func prepare(directory: String) throws(ReportError) {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw ReportError("output folder \(directory) is a file") }
    } else {
      do {
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw ReportError("output folder \(directory) cannot be created")
      }
    }
    guard access(directory, W_OK | X_OK) == 0 else {
      throw ReportError("output folder \(directory) is not writable")
    }
  }

  /// Writes `run` in each of `formats` into `directory`; returns the paths written.
  ///
  /// - Throws: ``ReportError`` when a file cannot be rendered or written; the
  ///   folder's previous files are then untouched.
  @discardableResult
  public static func write(
    _ run: BenchmarkRun, formats: [OutputFormat], alongside extraFiles: [(name: String, data: Data)] = [],
    to directory: String
  ) throws(ReportError) -> [String] {
    try write(ReportRuns(run), formats: formats, alongside: extraFiles, to: directory)
  }

  /// Writes `runs` in each of `formats`, and `extraFiles` as given, into
  /// `directory` as one set; returns the paths written.
  ///
  /// - Throws: ``ReportError`` when a file cannot be rendered or written; the
  ///   folder's previous files are then untouched.
  @discardableResult
  public static func write(
    _ runs: ReportRuns, formats: [OutputFormat], alongside extraFiles: [(name: String, data: Data)] = [],
    to directory: String
  ) throws(ReportError) -> [String] {
    var rendered: [(name: String, data: Data)]
    do {
      rendered = try formats.map { ($0.fileName, try $0.render(runs)) }
    } catch {
      throw ReportError("cannot render the results: \(error)")
    }
    // Files that belong to the set (kept profiles) swap in with it.
    rendered += extraFiles
    try prepare(directory: directory)
    try install(rendered, in: directory)
    return rendered.map { join(directory, $0.name) }
  }

  /// Puts `files` into `directory` as one set, keeping the folder's other entries.
  ///
  /// - Throws: ``ReportError`` when a file cannot be written; the folder is then
  ///   as it was.
  static func install(_ files: [(name: String, data: Data)], in directory: String) throws(ReportError) {
    let manager = FileManager.default
    guard let folder = resolve(directory) else {
      throw ReportError("output folder \(directory) cannot be resolved: \(String(cString: strerror(errno)))")
    }
    for file in files {
      var isDirectory: ObjCBool = false
      let path = join(folder, file.name)
      if manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw ReportError("cannot replace \(path): it is a folder")
      }
    }
    let (parent, name) = split(folder)
    let unique = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    var staging = join(parent, ".\(name).\(stagingMarker)\(unique)")
    var swappable = canSwap(folder) && mkdir(staging, 0o700) == 0
    if !swappable {
      staging = join(folder, ".\(stagingMarker)\(unique)")
      guard mkdir(staging, 0o700) == 0 else {
        throw ReportError("cannot write into \(directory): \(String(cString: strerror(errno)))")
      }
    }
    let names = Set(files.map(\.name))
    do {
      if swappable {
        var status = stat()
        if stat(folder, &status) == 0 { chmod(staging, status.st_mode & 0o7777) }
        for entry in try manager.contentsOfDirectory(atPath: folder) where !names.contains(entry) {
          let source = join(folder, entry)
          let target = join(staging, entry)
          do { try manager.linkItem(atPath: source, toPath: target) } catch { try manager.copyItem(atPath: source, toPath: target) }
        }
      }
      for file in files {
        try file.data.write(to: URL(fileURLWithPath: join(staging, file.name)))
      }
    } catch {
      try? manager.removeItem(atPath: staging)
      throw ReportError("cannot write into \(directory): \(error.localizedDescription)")
    }
    interruptForTesting(at: "before-swap")
    if swappable, exchange(staging, folder) {
      interruptForTesting(at: "after-swap")
      // The staging folder now holds the old set.
      try? manager.removeItem(atPath: staging)
      return
    }
    swappable = false
    for (index, file) in files.enumerated() {
      let from = join(staging, file.name)
      let to = join(folder, file.name)
      if index > 0 { interruptForTesting(at: "between-renames") }
      guard rename(from, to) == 0 else {
        let reason = String(cString: strerror(errno))
        try? manager.removeItem(atPath: staging)
        throw ReportError("cannot replace \(to): \(reason)")
      }
    }
    try? manager.removeItem(atPath: staging)
  }

  /// Removes staging folders of `directory` that a killed writer left behind:
  /// those of processes no longer alive.
  static func removeLeftovers(of directory: String) {
    let manager = FileManager.default
    guard let folder = resolve(directory) else { return }
    let (parent, name) = split(folder)
    let places = [(parent, ".\(name).\(stagingMarker)"), (folder, ".\(stagingMarker)")]
    for (place, prefix) in places {
      guard let entries = try? manager.contentsOfDirectory(atPath: place) else { continue }
      for entry in entries where entry.hasPrefix(prefix) {
        guard let pid = Int32(entry.dropFirst(prefix.count).prefix { $0 != "-" }),
          kill(pid, 0) != 0, errno == ESRCH
        else { continue }
        try? manager.removeItem(atPath: join(place, entry))
      }
    }
  }

  /// The absolute path of an existing `path`, symbolic links resolved.
  private static func resolve(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The parent and the last component of an absolute, resolved path. Plain
  /// string work: `NSString.deletingLastPathComponent` traps on some short
  /// relative paths in swift-corelibs-foundation (seen with "A", release build).
  private static func split(_ path: String) -> (parent: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let parent = String(path[..<slash])
    return (parent.isEmpty ? "/" : parent, String(path[path.index(after: slash)...]))
  }

  /// `name` inside `folder`.
  private static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// Marks a staging folder's name, before the writer's process id.
  static let stagingMarker = "obsbench-staging-"

  /// Whether `folder` can be swapped out: not the current folder or one holding
  /// it (the user's shell would be left in a removed folder), not the root.
  private static func canSwap(_ folder: String) -> Bool {
    guard folder != "/" else { return false }
    let current = FileManager.default.currentDirectoryPath
    return current != folder && !current.hasPrefix(folder + "/")
  }

  /// Swaps two paths atomically with Linux's `renameat2(RENAME_EXCHANGE)`, looked
  /// up at run time (glibc 2.28+; Swift's Glibc module does not declare it).
  private static func exchange(_ first: String, _ second: String) -> Bool {
    typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return false }
    let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
    let renameExchange: UInt32 = 1 << 1
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
  }

  /// Kills the process at `step` when `OBSBENCH_TEST_KILL_AT` names it: how the
  /// tests interrupt a write at its most delicate moments.
  private static func interruptForTesting(at step: String) {
    if ProcessInfo.processInfo.environment["OBSBENCH_TEST_KILL_AT"] == step {
      kill(getpid(), SIGKILL)
    }
  }
}
