import Foundation

/// The pieces of InfluxDB's line protocol: escaping and number formats.
///
/// A line is `measurement,tag=value,... field=value,... timestamp`. Commas and
/// spaces end a measurement name; commas, equals signs and spaces end a tag key,
/// tag value or field key, so each is written with a backslash before it. A line
/// ends at a newline, which no escape can keep, so newlines, carriage returns and
/// tabs in names become spaces (then escaped). An empty tag value is not allowed:
/// such a tag is left out.
enum InfluxLineProtocol {
  /// A measurement name: commas and spaces escaped.
  static func measurement(_ name: String) -> String {
    escape(name, characters: [",", " "])
  }

  /// A tag key, tag value or field key: commas, equals signs and spaces escaped.
  static func key(_ text: String) -> String {
    escape(text, characters: [",", "=", " "])
  }

  /// A float field value: fixed notation (no exponent), trailing zeros dropped;
  /// `nil` for a value the protocol cannot carry (NaN, infinity).
  static func float(_ value: Double) -> String? {
    guard value.isFinite else { return nil }
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  /// An integer field value: the digits and `i`.
  static func integer(_ value: Int) -> String {
    "\(value)i"
  }

  /// A string field value: in double quotes, with quotes and backslashes escaped.
  static func string(_ value: String) -> String {
    "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// One line: the measurement, its tags sorted by key (as InfluxDB recommends;
  /// empty values left out), its fields in the order given, its timestamp in ns.
  ///
  /// - Precondition: `fields` is non-empty: a point needs a field.
  static func line(
    measurement name: String, tags: [(String, String)], fields: [(String, String)], timestampNs: Int64?
  ) -> String {
    precondition(!fields.isEmpty, "a point without fields")
    var line = measurement(name)
    for (tag, value) in tags.sorted(by: { $0.0 < $1.0 }) where !value.isEmpty {
      line += "," + key(tag) + "=" + key(value)
    }
    line += " " + fields.map { key($0.0) + "=" + $0.1 }.joined(separator: ",")
    if let timestampNs { line += " \(timestampNs)" }
    return line
  }

  private static func escape(_ text: String, characters: Set<Character>) -> String {
    var escaped = ""
    for character in text {
      let plain: Character = character == "\n" || character == "\r" || character == "\t" ? " " : character
      if characters.contains(plain) { escaped.append("\\") }
      escaped.append(plain)
    }
    return escaped
  }
}
