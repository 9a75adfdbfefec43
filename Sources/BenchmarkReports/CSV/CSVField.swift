/// Encodes fields and rows of CSV as RFC 4180 says.
///
/// A field holding a comma, a double quote, a carriage return or a line feed is
/// enclosed in double quotes, with each double quote inside doubled; any other
/// field is written as it is. Rows end with LF rather than RFC 4180's CRLF: every
/// CSV reader accepts it, and diffs of committed baselines read better.
public enum CSVField {
  /// `text` as one CSV field.
  public static func encode(_ text: String) -> String {
    let needsQuotes = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    guard needsQuotes else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// `fields` as one CSV row, without the line ending.
  public static func row(_ fields: [String]) -> String {
    fields.map(encode).joined(separator: ",")
  }
}
