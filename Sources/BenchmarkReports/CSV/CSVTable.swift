/// Parses CSV text (RFC 4180, LF or CRLF line endings) into rows of fields.
///
/// The inverse of ``CSVField``: quoted fields may hold commas, doubled quotes and
/// line breaks.
public enum CSVTable {
  /// The rows of `text`; a final line ending does not start an empty row.
  ///
  /// - Throws: ``ReportError`` when a quoted field is not closed or a quote
  ///   appears inside an unquoted field.
  public static func parse(_ text: String) throws(ReportError) -> [[String]] {
    var rows = [[String]]()
    var row = [String]()
    var field = ""
    var inQuotes = false
    var fieldWasQuoted = false
    var iterator = Array(text.unicodeScalars).makeIterator()
    var pending: Unicode.Scalar? = iterator.next()
    func endField() {
      row.append(field)
      field = ""
      fieldWasQuoted = false
    }
    while let scalar = pending {
      pending = iterator.next()
      if inQuotes {
        if scalar == "\"" {
          if pending == "\"" {
            field.unicodeScalars.append("\"")
            pending = iterator.next()
          } else {
            inQuotes = false
          }
        } else {
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"":
        guard field.isEmpty, !fieldWasQuoted else { throw ReportError("CSV: a quote inside an unquoted field") }
        inQuotes = true
        fieldWasQuoted = true
      case ",":
        endField()
      case "\r" where pending == "\n":
        continue
      case "\n", "\r":
        endField()
        rows.append(row)
        row = []
      default:
        field.unicodeScalars.append(scalar)
      }
    }
    guard !inQuotes else { throw ReportError("CSV: a quoted field is not closed") }
    if !field.isEmpty || fieldWasQuoted || !row.isEmpty {
      endField()
      rows.append(row)
    }
    return rows
  }
}
