import Foundation

/// An executable named on the command line (`--baseline-binary`, `--binary`),
/// made absolute against the directory obsbench was started in.
///
/// The callgrind and pass children run in folders of their own, so a relative
/// path such as `../base/obsbench` would be looked up from there; resolving it
/// once, where the user typed it, keeps its meaning.
enum ExecutablePath {
  /// The absolute path of `path` (relative paths taken from `directory`),
  /// checked to be an executable file.
  ///
  /// - Throws: ``UsageError`` naming `option` when nothing executable is there.
  static func resolve(
    _ path: String, option: String, command: String,
    from directory: String = FileManager.default.currentDirectoryPath
  ) throws(UsageError) -> String {
    let absolute = path.hasPrefix("/") ? path : URL(fileURLWithPath: directory).appendingPathComponent(path).path
    let standardized = URL(fileURLWithPath: absolute).standardizedFileURL.path
    guard FileManager.default.isExecutableFile(atPath: standardized) else {
      throw UsageError("\(command): \(option) \(path) is not an executable file")
    }
    return standardized
  }
}
