import BenchmarkReports
import Foundation

/// `obsbench coverage A.json B.json`: how often run B's ratio to apple falls in
/// run A's published interval of it; exit 1 below `--minimum`.
enum CoverageCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.coverage)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(
      arguments, command: "coverage", valueOptions: ["--reference", "--minimum"], flags: ["--list"])
    guard parsed.positionals.count == 2 else {
      throw UsageError("coverage: expected A.json and B.json, got \(parsed.positionals.count) file\(parsed.positionals.count == 1 ? "" : "s")")
    }
    let minimum = try parsed.value("--minimum").map { text throws(UsageError) -> Double in
      guard text.hasSuffix("%"), let value = Double(text.dropLast()), value >= 0, value <= 100 else {
        throw UsageError("coverage: malformed --minimum '\(text)'; give a percentage such as 85%")
      }
      return value / 100
    }
    let reference = parsed.value("--reference") ?? "apple"
    let first = try ResultsJSON.read(path: parsed.positionals[0])
    let second = try ResultsJSON.read(path: parsed.positionals[1])
    let coverage = IntervalCoverage(first: first, second: second, reference: reference)
    guard let share = coverage.share else {
      throw UsageError("coverage: no case has an interval in \(parsed.positionals[0]) and a ratio in \(parsed.positionals[1])")
    }
    if parsed.flags.contains("--list") {
      for entry in coverage.entries {
        let interval = String(format: "%.4f–%.4f", entry.interval.lowerBound, entry.interval.upperBound)
        console.print("\(entry.covered ? "in " : "OUT") \(entry.key)  \(interval)  \(String(format: "%.4f", entry.ratio))")
      }
    }
    for suite in coverage.shareBySuite {
      console.print("\(suite.suite): \(suite.covered) of \(suite.cases)")
    }
    let covered = coverage.entries.filter(\.covered).count
    console.print(
      "coverage: \(covered) of \(coverage.entries.count) cases (\(String(format: "%.1f", share * 100))%) have B's ratio to \(reference) inside A's 95% interval; \(coverage.skipped) left out (bounds, failures, < 3 rounds)")
    if let minimum, share < minimum {
      console.printError("obsbench: coverage \(String(format: "%.1f", share * 100))% is below \(String(format: "%.1f", minimum * 100))%")
      return ExitStatus.failure
    }
    return ExitStatus.success
  }
}
