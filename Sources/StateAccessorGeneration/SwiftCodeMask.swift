/// A Swift source's text with every comment and the contents of every string
/// literal blanked out, line for line: what the declaration scanner reads, so
/// that a brace, a `var` or an `access(0)` inside a comment or a string is never
/// taken for code.
///
/// Quotes stay, contents become spaces, newlines stay where they were (a
/// multi-line comment or string keeps its line count), so a line number in the
/// masked text is the line number in the file.
struct SwiftCodeMask {
  /// The masked lines, in order.
  let lines: [String]

  init(_ source: String) {
    var out: [Character] = []
    out.reserveCapacity(source.count)
    let text = Array(source)
    var index = 0
    func at(_ offset: Int) -> Character? {
      index + offset < text.count ? text[index + offset] : nil
    }
    func blank(_ character: Character) -> Character { character == "\n" ? "\n" : " " }

    while index < text.count {
      let character = text[index]
      if character == "/" && at(1) == "/" {
        while index < text.count && text[index] != "\n" {
          out.append(" ")
          index += 1
        }
      } else if character == "/" && at(1) == "*" {
        var depth = 0
        repeat {
          if text[index] == "/" && at(1) == "*" {
            depth += 1
            out.append(contentsOf: "  ")
            index += 2
          } else if text[index] == "*" && at(1) == "/" {
            depth -= 1
            out.append(contentsOf: "  ")
            index += 2
          } else {
            out.append(blank(text[index]))
            index += 1
          }
        } while depth > 0 && index < text.count
      } else if character == "#" || character == "\"" {
        // A string literal, raw (`#"…"#`) or not, single- or multi-line.
        var hashes = 0
        while at(hashes) == "#" { hashes += 1 }
        guard at(hashes) == "\"" else {
          out.append(character)
          index += 1
          continue
        }
        let multiline = at(hashes + 1) == "\"" && at(hashes + 2) == "\""
        let quotes = multiline ? 3 : 1
        out.append(contentsOf: String(repeating: "#", count: hashes) + String(repeating: "\"", count: quotes))
        index += hashes + quotes
        while index < text.count {
          if text[index] == "\\" && hashes == 0 {
            out.append(" ")
            if let escaped = at(1) { out.append(blank(escaped)) }
            index += 2
            continue
          }
          if text[index] == "\"" && (0..<quotes).allSatisfy({ at($0) == "\"" })
            && (0..<hashes).allSatisfy({ at(quotes + $0) == "#" })
          {
            out.append(contentsOf: String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes))
            index += quotes + hashes
            break
          }
          if text[index] == "\n" && !multiline { break }
          out.append(blank(text[index]))
          index += 1
        }
      } else {
        out.append(character)
        index += 1
      }
    }
    lines = String(out).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
