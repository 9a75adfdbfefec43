import Foundation
import Testing

/// The articles' code is the code that builds: every Swift block preceded by a
/// `<!-- source: PATH -->` line must appear verbatim in that file, which
/// `swift build --build-tests` compiles, so an example cannot go stale.
@Suite("Articles")
struct ArticleTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let articles = [
    "Benchmarks/Benchmarks.docc/Extending.md",
    "Sources/BenchmarkKit/BenchmarkKit.docc/BenchmarkKit.md",
  ]

  @Test(arguments: articles)
  func everySourcedBlock_isInItsCompiledFile(_ article: String) throws {
    let blocks = try Self.sourcedBlocks(in: Self.text(article))
    #expect(!blocks.isEmpty, "\(article) quotes no compiled code")
    for block in blocks {
      let source = try Self.text(block.path)
      #expect(source.contains(block.code), "\(article): a block is no longer in \(block.path)")
    }
  }

  @Test func everySwiftBlockOfTheExtendingArticle_namesItsSource() throws {
    let text = try Self.text("Benchmarks/Benchmarks.docc/Extending.md")
    let sourced = Self.sourcedBlocks(in: text)
    #expect(text.components(separatedBy: "```swift").count - 1 == sourced.count)
  }

  @Test func readme_linksTheExtendingArticle() throws {
    #expect(try Self.text("README.md").contains("(Benchmarks/Benchmarks.docc/Extending.md)"))
  }

  @Test func sourcedBlocks_findsAMarkedBlock_andAMissingOneWouldFail() {
    let blocks = Self.sourcedBlocks(in: "<!-- source: A.swift -->\n```swift\nlet a = 1\n```\n```swift\nx\n```\n")
    #expect(blocks.map(\.path) == ["A.swift"] && blocks.map(\.code) == ["let a = 1\n"])
  }

  struct Block {
    let path: String
    let code: String
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The ```swift blocks directly preceded by a source comment.
  static func sourcedBlocks(in text: String) -> [Block] {
    let lines = text.components(separatedBy: "\n")
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      let line = lines[index].trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("<!-- source: "), line.hasSuffix(" -->"), index + 1 < lines.count,
        lines[index + 1] == "```swift"
      {
        let path = String(line.dropFirst("<!-- source: ".count).dropLast(" -->".count))
        var code: [String] = []
        index += 2
        while index < lines.count, lines[index] != "```" {
          code.append(lines[index])
          index += 1
        }
        blocks.append(Block(path: path, code: code.joined(separator: "\n") + "\n"))
      }
      index += 1
    }
    return blocks
  }
}
