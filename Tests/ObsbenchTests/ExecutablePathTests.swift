import Foundation
import Testing

@testable import obsbench

/// `--baseline-binary` and `--binary` are resolved where they were typed: the
/// children that run them start in folders of their own.
struct ExecutablePathTests {
  @Test func resolve_whenRelative_isMadeAbsoluteAgainstTheWorkingDirectory() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let tool = directory + "/bin/tool"
    try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: tool, contents: Data("#!/bin/sh\n".utf8)))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
    let resolved = try ExecutablePath.resolve(
      "../bin/./tool", option: "--baseline-binary", command: "explain", from: directory + "/bin")
    #expect(resolved.hasPrefix("/"))
    #expect(resolved == URL(fileURLWithPath: tool).standardizedFileURL.path)
  }

  @Test func resolve_whenNotExecutable_namesTheOptionAndThePathAsTyped() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/plain"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    let error = #expect(throws: UsageError.self) {
      try ExecutablePath.resolve(file, option: "--baseline-binary", command: "run")
    }
    #expect(error?.message == "run: --baseline-binary \(file) is not an executable file")
  }

  @Test func resolve_whenExecutableButNotAProgram_saysSo_inOneLine() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = directory + "/notes.txt"
    #expect(FileManager.default.createFile(atPath: file, contents: Data("base build notes\n".utf8)))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
    let error = #expect(throws: UsageError.self) {
      try ExecutablePath.resolve(file, option: "--baseline-binary", command: "run")
    }
    #expect(error?.message == "run: --baseline-binary \(file) is not a program (neither an ELF binary nor a #! script)")
    // A real binary passes.
    #expect(try ExecutablePath.resolve("/bin/true", option: "--baseline-binary", command: "run").hasSuffix("/true"))
  }
}
