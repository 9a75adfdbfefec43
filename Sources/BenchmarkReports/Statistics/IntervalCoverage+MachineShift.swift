import BenchmarkKit
import Foundation

extension IntervalCoverage {
  /// How much slower or faster the whole machine ran in the second run, per
  /// suite: the median over the suite's compared cases of the second run's
  /// median over the first's (``Tally/entries`` of ``medians``).
  ///
  /// On shared VMs a run can sit in a faster or slower state from its first
  /// pass to its last (back-to-back runs here: ×0.83 to ×1.25 per suite), a
  /// shift no pass of the first run saw and so no interval of it can hold. The
  /// ratios to `apple` cancel it; absolute medians do not. This separates the two
  /// sources of a miss: ``mediansAfterMachineShift`` is the coverage once each
  /// suite's shift is divided out of the second run's medians.
  public var machineShiftBySuite: [(suite: String, factor: Double)] {
    Dictionary(grouping: medians.entries, by: \.key.suite).keys.sorted().compactMap { suite in
      let logs = medians.entries.filter { $0.key.suite == suite && $0.estimate > 0 }.compactMap { entry -> Double? in
        guard let first = entry.firstValue, first > 0 else { return nil }
        return log(entry.estimate / first)
      }
      return Statistics.median(logs).map { (suite, exp($0)) }
    }
  }

  /// ``medians`` with each suite's ``machineShiftBySuite`` divided out of the
  /// second run's medians.
  public var mediansAfterMachineShift: Tally {
    let factors = Dictionary(uniqueKeysWithValues: machineShiftBySuite.map { ($0.suite, $0.factor) })
    var tally = Tally()
    tally.skipped = medians.skipped
    tally.entries = medians.entries.map { entry in
      var shifted = entry
      shifted.estimate = entry.estimate / (factors[entry.key.suite] ?? 1)
      return shifted
    }
    return tally
  }
}
