import Foundation

/// An executable named on the command line (`--baseline-binary`, `--binary`),
/// made absolute against the directory obsbench was started in.
///
/// The callgrind and pass children run in folders of their own, so a relative
/// path such as `../base/obsbench` would be looked up from there; resolving it
/// once, where the user typed it, keeps its meaning.
enum ExecutablePath {
  /// The absolute path of `path` (relative paths taken from `directory`),
  /// checked to be an executable file the kernel can start: a program (ELF) or
  /// a script (`#!`), so that a text file with its execute bit set is refused
  /// here, in one line, rather than by the first pass's start.
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
    guard startsAsProgram(standardized) else {
      throw UsageError("\(command): \(option) \(path) is not a program (neither an ELF binary nor a #! script)")
    }
    return standardized
  }

  /// Whether the file at `path` starts as the kernel starts a program: ELF's
  /// magic number or a `#!` line.
  static func startsAsProgram(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = [UInt8](handle.readData(ofLength: 4))
    return head == [0x7F, 0x45, 0x4C, 0x46] || head.starts(with: [0x23, 0x21])
  }
}
