import BenchmarkKit
import BenchmarkReports
import Foundation

/// Why an A/B run's regressed cases got slower: each counted under callgrind
/// with both builds, the instruction change by group and its top functions
/// (``ProfileExplanation``), as `explain SUITE/SCENARIO STRATEGY
/// --baseline-binary BASE` would print in full.
///
/// A time regression without an instruction change is as informative: the
/// extra time is not in more work but in where it runs (placement, caches,
/// contention), and the lines say so.
enum PairedExplanations {
  /// The most cases explained: each costs two callgrind runs of a few seconds.
  static let limit = 3

  /// Explains up to ``limit`` of `comparison`'s regressed cases, largest change
  /// first; none when valgrind is missing (a note says so) or a case cannot be
  /// counted (contention needs parallel threads).
  static func explain(
    _ comparison: RunComparison, baseline: String, registry: [BenchmarkSuite], environment: [String: String],
    console: Console
  ) -> RegressionExplanations {
    let regressed = comparison.gateFailures.filter { $0.verdict == .regressed }
      .sorted { ($0.change?.number ?? 0) > ($1.change?.number ?? 0) }
    var entries = RegressionExplanations([], before: nil, after: nil)
    guard !regressed.isEmpty else { return entries }
    guard (try? Callgrind.locate(environment: environment)) != nil else {
      console.printError("obsbench: note: valgrind is missing: the regressed cases are not explained by instructions")
      return entries
    }
    var explained = 0
    for row in regressed where explained < limit {
      let key = row.key
      do {
        let target = try ProfileTarget(
          path: "\(key.suite)/\(key.scenario)", strategies: [key.strategy], size: String(key.size),
          registry: registry, command: "run")
        let old = try ExplainSource.count(target, executable: baseline, environment: environment, console: console)
        let new = try ExplainSource.count(target, executable: nil, environment: environment, console: console)
        let explanation = RegressionExplanations([(key, key)], before: old, after: new)
        entries.entries += explanation.entries.map { entry in
          var entry = entry
          entry.against = "the baseline build"
          return entry
        }
        explained += 1
      } catch {
        // An explanation is extra: the verdict stands without it.
        console.printError("obsbench: note: \(key) not explained by instructions: \(error)")
      }
    }
    return entries
  }
}
