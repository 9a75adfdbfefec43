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
  /// The most cases explained in full: the verdict's reader wants the largest.
  static let limit = 3
  /// The most regressed cases counted on both builds, largest change first:
  /// each costs two callgrind runs of a few seconds, and a case counted the
  /// same on both builds is not gated (``RunComparison/Row/placementOnly``).
  /// A change that slows more cases than this is no placement accident.
  static let countLimit = 8

  /// What counting the regressed cases found.
  struct Counted {
    /// The explanations of the largest (up to ``limit``).
    var explanations = RegressionExplanations([], before: nil, after: nil)
    /// Each counted case's instructions per operation on the baseline build
    /// and on this one.
    var counts: [CaseKey: (before: Double, after: Double)] = [:]
  }

  /// Counts up to ``countLimit`` of `comparison`'s regressed cases on both
  /// builds, largest change first, and explains up to ``limit`` of them;
  /// nothing when valgrind is missing (a note says so) or a case cannot be
  /// counted (contention needs parallel threads).
  static func explain(
    _ comparison: RunComparison, baseline: String, registry: [BenchmarkSuite], environment: [String: String],
    console: Console
  ) -> Counted {
    let regressed = comparison.gateFailures.filter { $0.verdict == .regressed }
      .sorted { ($0.change?.number ?? 0) > ($1.change?.number ?? 0) }
    var counted = Counted()
    guard !regressed.isEmpty else { return counted }
    guard (try? Callgrind.locate(environment: environment)) != nil else {
      console.printError("obsbench: note: valgrind is missing: the regressed cases are not explained by instructions")
      return counted
    }
    for row in regressed.prefix(countLimit) {
      let key = row.key
      do {
        let target = try ProfileTarget(
          path: "\(key.suite)/\(key.scenario)", strategies: [key.strategy], size: String(key.size),
          registry: registry, command: "run")
        let old = try ExplainSource.count(target, executable: baseline, environment: environment, console: console)
        let new = try ExplainSource.count(target, executable: nil, environment: environment, console: console)
        if let before = old[key], let after = new[key] {
          counted.counts[key] = (before.perOperation, after.perOperation)
        }
        guard counted.explanations.entries.count < limit else { continue }
        let explanation = RegressionExplanations([(key, key)], before: old, after: new)
        counted.explanations.entries += explanation.entries.map { entry in
          var entry = entry
          entry.against = "the baseline build"
          return entry
        }
      } catch {
        // A count is extra: the verdict stands without it.
        console.printError("obsbench: note: \(key) not counted by instructions: \(error)")
      }
    }
    return counted
  }

  /// `run` with each counted case's instructions per operation, where the run
  /// has none of its own: what ``RunComparison`` reads to tell a case that
  /// ran the same instructions on both builds, and what `results.json` and
  /// `baseline-results.json` keep so that `compare --paired` of the two files
  /// gives the same verdict.
  static func recording(_ counts: [CaseKey: Double], in run: BenchmarkRun) -> BenchmarkRun {
    var run = run
    for index in run.cases.indices {
      let key = run.cases[index].key
      guard run.cases[index].instructionsPerOperation == nil, let count = counts[key] else { continue }
      run.cases[index].instructionsPerOperation = count
      run.cases[index].instructionsNote = Self.countedNote
    }
    return run
  }

  /// The note a count made for the verdict carries.
  static let countedNote = "counted under callgrind for the A/B verdict: a case it called slower"
}
