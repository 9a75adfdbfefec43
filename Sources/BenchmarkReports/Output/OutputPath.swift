import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An output folder's path as it stands on disk: the nearest part that exists and
/// the folders still to create below it.
///
/// A run checks its `--out` before measuring and creates it only once it has
/// something to write, so a run stopped while measuring leaves no empty `a/b/`
/// behind: ``validate()`` looks without creating, ``create()`` makes the missing
/// folders.
struct OutputPath {
  /// The path as given.
  let path: String
  /// The nearest path that exists: the folder itself, or the ancestor the
  /// missing folders go in.
  let existing: String
  /// The folders still to create in ``existing``, outermost first.
  let missing: [String]

  /// Walks up `path` to the nearest entry that exists (a dangling link counts:
  /// it is there, and cannot be created over).
  init(_ path: String) {
    self.path = path
    var current = path
    var missing = [String]()
    var status = stat()
    while lstat(current, &status) != 0 {
      let (parent, name) = Self.split(current)
      // "." or "/" gone (a removed working folder): nothing left to walk.
      guard parent != current else { break }
      missing.insert(name, at: 0)
      current = parent
    }
    existing = current
    self.missing = missing
  }

  /// Checks that the folder exists and takes new files, or that its missing
  /// folders can be created; creates nothing.
  ///
  /// - Throws: ``ReportError`` naming the folder and, when it is an ancestor
  ///   that stands in the way, that ancestor.
  func validate() throws(ReportError) {
    let itself = missing.isEmpty
    var status = stat()
    guard stat(existing, &status) == 0 else {
      throw ReportError("output folder \(path) cannot be created: \(existing) is a broken link")
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw ReportError(
        itself ? "output folder \(path) is a file" : "output folder \(path) cannot be created: \(existing) is a file")
    }
    guard access(existing, W_OK | X_OK) == 0 else {
      throw ReportError(
        itself
          ? "output folder \(path) is not writable"
          : "output folder \(path) cannot be created: \(existing) is not writable")
    }
  }

  /// Creates the missing folders, if any.
  ///
  /// - Throws: ``ReportError`` when they cannot be created.
  func create() throws(ReportError) {
    guard !missing.isEmpty else { return }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw ReportError("output folder \(path) cannot be created: \(error.localizedDescription)")
    }
  }

  /// The absolute path with links resolved, whether or not the folder exists
  /// yet: two spellings of one folder resolve alike.
  var resolved: String {
    var components = [String]()
    if let real = realpath(existing, nil) {
      components = String(cString: real).split(separator: "/").map(String.init)
      free(real)
    }
    for name in missing where name != "." && !name.isEmpty {
      if name == ".." { _ = components.popLast() } else { components.append(name) }
    }
    return "/" + components.joined(separator: "/")
  }

  /// The parent and the last component of `path`, by its text alone (trailing
  /// slashes ignored). Plain string work: `NSString.deletingLastPathComponent`
  /// traps on some short relative paths in swift-corelibs-foundation.
  static func split(_ path: String) -> (parent: String, name: String) {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
    let parent = String(trimmed[..<slash])
    return (parent.isEmpty ? "/" : parent, String(trimmed[trimmed.index(after: slash)...]))
  }
}
