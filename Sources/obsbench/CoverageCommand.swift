import BenchmarkKit
import BenchmarkReports
import Foundation

/// `obsbench coverage A.json B.json`: how often run B's published ratios to apple
/// and medians fall in run A's published intervals of them, whether A's bounds
/// hold against its own passes, and how many samples A's cases have; exit 1 when
/// a share an interval claims (ratios; medians once the machine's shift is
/// divided out) is below `--minimum`.
enum CoverageCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.coverage)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(
      arguments, command: "coverage", valueOptions: ["--minimum"], flags: ["--list"])
    guard parsed.positionals.count == 2 else {
      throw UsageError(
        "coverage: expected A.json and B.json, got \(parsed.positionals.count) "
          + "file\(parsed.positionals.count == 1 ? "" : "s")"
      )
    }
    let minimum = try parsed.value("--minimum").map { text throws(UsageError) -> Double in
      guard text.hasSuffix("%"), let value = Double(text.dropLast()), value >= 0, value <= 100 else {
        throw UsageError("coverage: malformed --minimum '\(text)'; give a percentage such as 85%")
      }
      return value / 100
    }
    // The figures each run published; files written before runs stored them get them now.
    let first = try ResultsJSON.readPublished(path: parsed.positionals[0])
    let second = try ResultsJSON.readPublished(path: parsed.positionals[1])
    let coverage = IntervalCoverage(first: first, second: second)
    guard coverage.ratios.share != nil || coverage.medians.share != nil else {
      throw UsageError(
        "coverage: no case has an interval in \(parsed.positionals[0]) and a value in \(parsed.positionals[1])")
    }
    if parsed.flags.contains("--list") {
      for line in CoverageText.listLines(coverage) { console.print(line) }
    }
    for line in CoverageText.summaryLines(coverage) { console.print(line) }
    var below = false
    // Each share the intervals claim: ratios as they are; medians with the
    // machine's shift between the runs divided out, which no interval holds.
    let claims = [
      ("ratio coverage", coverage.ratios.share),
      ("median coverage after the machine shift", coverage.mediansAfterMachineShift.share),
    ]
    for (name, share) in claims {
      guard let minimum, let share, share < minimum else { continue }
      console.printError(
        "obsbench: \(name) \(CoverageText.percent(share)) is below \(CoverageText.percent(minimum))")
      below = true
    }
    return below ? ExitStatus.failure : ExitStatus.success
  }
}
