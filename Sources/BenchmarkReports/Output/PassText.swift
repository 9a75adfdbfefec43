import BenchmarkKit

/// How a report says a run was split into passes.
enum PassText {
  /// " in 4 passes on fresh fixtures" for a run of several
  /// passes; nothing for one pass or a run written before passes existed.
  static func describe(_ passes: Int?) -> String {
    guard let passes, passes > 1 else { return "" }
    return " in \(passes) passes on fresh fixtures"
  }
}
