/// A shell-style name pattern: `*` matches any run of characters, `?` any one.
///
/// Scenario selection uses it, so `track*` or `reads/*` select several scenarios
/// at once. Everything else matches itself.
public struct GlobPattern: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written.
  public let description: String
  private let characters: [Character]

  /// Creates a pattern from its text.
  public init(_ text: String) {
    description = text
    characters = Array(text)
  }

  /// Whether the pattern contains a wildcard.
  public var hasWildcards: Bool {
    characters.contains { $0 == "*" || $0 == "?" }
  }

  /// Whether `text` matches the whole pattern.
  ///
  /// - Complexity: O(*m* · *n*) in the worst case; names are short.
  public func matches(_ text: String) -> Bool {
    let text = Array(text)
    var patternIndex = 0
    var textIndex = 0
    // Where the last `*` was and which text position it currently absorbs up to:
    // on a mismatch, let the star absorb one more character and retry.
    var star: (pattern: Int, text: Int)?
    while textIndex < text.count {
      if patternIndex < characters.count,
        characters[patternIndex] == "?" || characters[patternIndex] == text[textIndex]
      {
        patternIndex += 1
        textIndex += 1
      } else if patternIndex < characters.count, characters[patternIndex] == "*" {
        star = (patternIndex, textIndex)
        patternIndex += 1
      } else if let last = star {
        patternIndex = last.pattern + 1
        textIndex = last.text + 1
        star = (last.pattern, last.text + 1)
      } else {
        return false
      }
    }
    while patternIndex < characters.count, characters[patternIndex] == "*" {
      patternIndex += 1
    }
    return patternIndex == characters.count
  }
}

extension GlobPattern {
  /// Decodes a pattern from its text.
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode(String.self))
  }

  /// Encodes the pattern as its text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
