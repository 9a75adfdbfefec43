import Foundation
import StateAccessorGeneration

// state-accessors OUTPUT INPUT...: writes to OUTPUT the accessors of every
// state declared in the INPUT Swift files (see StateScanner, AccessorWriter).
// Exit 0 written or already up to date; 1 a declaration it cannot generate for,
// printed as compiler errors (OUTPUT is left as it was); 64 a usage error.
// OUTPUT is replaced only when its text changes, so an unchanged state
// recompiles nothing.

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
  FileHandle.standardError.write(Data("usage: state-accessors OUTPUT INPUT...\n".utf8))
  exit(64)
}
var scanners: [StateScanner] = []
for input in arguments.dropFirst().sorted() {
  guard let source = try? String(contentsOfFile: input, encoding: .utf8) else {
    FileHandle.standardError.write(Data("\(input):1: error: cannot read this file\n".utf8))
    exit(1)
  }
  scanners.append(StateScanner(file: input, source: source))
}
let errors = scanners.flatMap(\.errors)
guard errors.isEmpty else {
  for error in errors { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
  exit(1)
}
let text = AccessorWriter.file(for: scanners)
if (try? String(contentsOfFile: output, encoding: .utf8)) != text {
  do {
    try text.write(toFile: output, atomically: true, encoding: .utf8)
  } catch {
    FileHandle.standardError.write(Data("\(output):1: error: cannot write the accessors: \(error)\n".utf8))
    exit(1)
  }
}
