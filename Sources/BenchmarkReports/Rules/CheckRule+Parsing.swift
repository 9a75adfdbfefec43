import BenchmarkKit
import Foundation

extension CheckRule {
  /// The rules of a rules file; comments (`#`) and blank lines are skipped.
  ///
  /// - Parameter source: Names the file in messages.
  /// - Throws: ``ReportError`` naming the first malformed line.
  public static func parseFile(_ text: String, source: String) throws(ReportError) -> [CheckRule] {
    var rules = [CheckRule]()
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      guard !content.allSatisfy(\.isWhitespace) else { continue }
      do {
        rules.append(try CheckRule(parsing: String(content)))
      } catch {
        throw ReportError("\(source):\(number + 1): \(error.message)")
      }
    }
    guard !rules.isEmpty else { throw ReportError("\(source): no rules") }
    return rules
  }

  /// Parses one rule.
  ///
  /// - Throws: ``ReportError`` saying what the line lacks.
  public init(parsing line: String) throws(ReportError) {
    var tokens = Self.tokens(of: line)
    text = line.trimmingCharacters(in: .whitespaces)
    guard let onIndex = tokens.firstIndex(of: "on") else {
      throw ReportError("expected 'STRATEGY [/ STRATEGY] on SCENARIO OP NUMBER', got '\(text)'")
    }
    let subject = tokens[..<onIndex].joined().split(separator: "/", omittingEmptySubsequences: false)
    guard (1...2).contains(subject.count), subject.allSatisfy({ !$0.isEmpty }) else {
      throw ReportError("expected a strategy or 'STRATEGY / STRATEGY' before 'on' in '\(text)'")
    }
    strategy = GlobPattern(String(subject[0]))
    reference = subject.count == 2 ? String(subject[1]) : nil
    tokens.removeSubrange(...onIndex)

    guard tokens.count >= 2 else {
      throw ReportError("expected 'SCENARIO [METRIC] OP NUMBER' after 'on' in '\(text)'")
    }
    let target = tokens.removeFirst()
    let parts = target.split(separator: "@", omittingEmptySubsequences: false)
    if parts.count == 2 {
      guard let size = Int(parts[1]), size > 0 else { throw ReportError("malformed size in '\(target)'") }
      self.size = size
    } else {
      size = nil
    }
    scenario = GlobPattern(String(parts[0]))
    var rest = tokens.joined()
    metric = .median
    for metric in Metric.allCases where rest.hasPrefix(metric.rawValue) {
      self.metric = metric
      rest = String(rest.dropFirst(metric.rawValue.count))
    }
    guard let (comparison, number) = Self.splitBound(rest) else {
      throw ReportError("expected an operator (<=, <, >=, >) and a number, got '\(rest)' in '\(text)'")
    }
    self.comparison = comparison
    let digits = String(number.prefix { $0.isNumber || "+-.eE".contains($0) })
    let unit = String(number.dropFirst(digits.count))
    guard let bound = Double(digits), bound.isFinite else {
      throw ReportError("malformed number '\(number)' in '\(text)'")
    }
    let allowed = metric.allowedUnits(relative: reference != nil)
    guard unit.isEmpty || allowed.contains(unit) else {
      let kind = reference != nil ? "a ratio of \(metric.rawValue)" : metric.rawValue
      let accepted = allowed.isEmpty ? "no unit" : "no unit or " + allowed.joined(separator: ", ")
      throw ReportError("unit '\(unit)' does not fit \(kind) in '\(text)'; \(kind) takes \(accepted)")
    }
    self.bound = bound
  }

  private static func tokens(of line: String) -> [String] {
    line.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  private static func splitBound(_ text: String) -> (Comparison, String)? {
    // Two-character operators first, so `<=` is not read as `<` and `=5`.
    for comparison in [Comparison.atMost, .atLeast, .below, .above] where text.hasPrefix(comparison.rawValue) {
      let number = String(text.dropFirst(comparison.rawValue.count))
      return number.isEmpty ? nil : (comparison, number)
    }
    return nil
  }
}
