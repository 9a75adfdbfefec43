import Foundation

/// Why a file named on the command line cannot be read, in the words a shell
/// uses: what `cannot read` errors add, so that a typo, a folder and a
/// permission are told apart without a second command.
enum UnreadableFile {
  static func reason(_ path: String) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "no such file" }
    if isDirectory.boolValue { return "it is a directory" }
    if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
    return "it could not be read"
  }
}
