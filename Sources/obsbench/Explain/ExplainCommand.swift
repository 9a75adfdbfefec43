import BenchmarkKit
import BenchmarkReports
import Foundation

/// `obsbench explain`: where the difference in instructions per operation
/// between two profiles of one case goes, by group and by function, summing
/// exactly to the change.
///
/// The two profiles come from one of three places (``ExplainSource``): two
/// strategies counted now under callgrind; one case counted now by two builds
/// (`--baseline-binary`); or profiles kept by earlier instruction runs
/// (`--before`/`--after`, or `--profiles` for two strategies of one run).
enum ExplainCommand {
  static let valueOptions: Set<String> = [
    "--size", "--top", "--before", "--after", "--profiles", "--baseline-binary", "--binary",
  ]

  static func run(
    _ arguments: [String], console: Console, registry: [BenchmarkSuite], environment: [String: String]
  ) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.explain)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(arguments, command: "explain", valueOptions: valueOptions, flags: [])
    var top = 8
    if let text = parsed.value("--top") {
      guard let count = Int(text), count > 0 else {
        throw UsageError("explain: --top needs a positive whole number, got '\(text)'")
      }
      top = count
    }
    let source = try ExplainSource(parsed: parsed)
    let pair = try source.profiles(registry: registry, environment: environment, console: console)
    let explanation = ProfileExplanation(before: pair.before, after: pair.after)
    console.print(
      explanation.render(
        top: top, beforeLabel: pair.beforeLabel, afterLabel: pair.afterLabel))
    return ExitStatus.success
  }
}
