/// Escapes text for HTML and XML.
enum HTMLText {
  /// `text` with `&`, `<`, `>` and `"` replaced by entities, safe in element
  /// content and in double-quoted attributes, in HTML and in XML alike.
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// An id usable as a fragment link: letters, digits and `-` only.
  static func anchor(_ text: String) -> String {
    String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
  }
}
