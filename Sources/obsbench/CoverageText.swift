import BenchmarkKit
import BenchmarkReports
import Foundation

/// The lines `obsbench coverage` prints: plain text, one figure a line, so a
/// script can pick out the one it gates on.
enum CoverageText {
  /// Per suite the ratios and medians covered, then one line each for the
  /// ratios, the medians, the machine's shift, the intervals' widths, A's
  /// bounds and A's sample counts.
  static func summaryLines(_ coverage: IntervalCoverage) -> [String] {
    let ratios = Dictionary(uniqueKeysWithValues: coverage.ratios.shareBySuite.map { ($0.suite, $0) })
    let medians = Dictionary(uniqueKeysWithValues: coverage.medians.shareBySuite.map { ($0.suite, $0) })
    var lines = Set(ratios.keys).union(medians.keys).sorted().map { suite in
      let parts = [("ratios", ratios[suite]), ("medians", medians[suite])].compactMap { name, tally in
        tally.map { "\(name) \($0.covered) of \($0.cases)" }
      }
      return "\(suite): " + parts.joined(separator: ", ")
    }
    let reference = ReferenceStrategy.apple
    lines.append(
      "coverage: " + tally(coverage.ratios)
        + " have B's ratio to \(reference) inside A's 95% interval; \(coverage.ratios.skipped) left out (no interval "
        + "in A: a bound or a failure; no value in B)")
    lines.append(
      "medians: " + tally(coverage.medians)
        + " have B's median inside A's 95% interval of it; \(coverage.medians.skipped) left out (A's median a bound, "
        + "B's not a value, failures)")
    let shifts = coverage.machineShiftBySuite.map { "\($0.suite) ×" + String(format: "%.2f", $0.factor) }
    if !shifts.isEmpty {
      lines.append("machine: B's medians over A's, per suite (median over cases): " + shifts.joined(separator: ", "))
      lines.append(
        "medians after the machine shift: " + tally(coverage.mediansAfterMachineShift)
          + " have B's median, each suite's shift divided out, inside A's 95% interval")
    }
    let widths = coverage.widths
    let factor = { (value: Double?) in value.map { "×/÷" + String(format: "%.3f", $0) } ?? "–" }
    lines.append(
      "widths: A's compared 95% intervals, median half-span √(high/low): ratios \(factor(widths.ratios)), medians "
        + "\(factor(widths.medians))")
    let bounds = coverage.bounds
    lines.append(
      "bounds: \(bounds.exceeded.count) of \(bounds.entries.count) of A's bounds lie below one of its own pass medians")
    if let samples = coverage.samples {
      let pass = samples.fewestPass.map { ", pass \($0)" } ?? ""
      lines.append(
        "samples: fewest in one pass of A \(samples.fewestInAPass) (\(samples.fewestCase)\(pass)); per case of A min "
          + "\(samples.perCaseMinimum), median \(count(samples.perCaseMedian)), max \(samples.perCaseMaximum) over "
          + "\(samples.cases) cases")
    } else {
      lines.append("samples: A has no measured case")
    }
    return lines
  }

  /// One line per compared case and per bound: in/OUT, the kind, the case, A's
  /// interval (or bound) and B's value (or A's pass medians).
  static func listLines(_ coverage: IntervalCoverage) -> [String] {
    let entry = { (kind: String, entry: IntervalCoverage.Entry) in
      "\(entry.covered ? "in " : "OUT") \(kind) \(entry.key)  "
        + "\(number(entry.interval.lowerBound))–\(number(entry.interval.upperBound))  \(number(entry.estimate))"
    }
    return coverage.ratios.entries.map { entry("ratio ", $0) } + coverage.medians.entries.map { entry("median", $0) }
      + coverage.bounds.entries.map { bound in
        "\(bound.isExceeded ? "OUT" : "in ") bound  \(bound.key)  < \(number(bound.bound))  pass medians "
          + bound.passMedians.map(number).joined(separator: ", ")
      }
  }

  /// `12 of 14 cases (85.7%)`, or `0 cases` when nothing was compared.
  static func tally(_ tally: IntervalCoverage.Tally) -> String {
    guard let share = tally.share else { return "0 cases" }
    return "\(tally.covered) of \(tally.entries.count) cases (\(percent(share)))"
  }

  /// `85.7%`.
  static func percent(_ share: Double) -> String {
    String(format: "%.1f%%", share * 100)
  }

  private static func number(_ value: Double) -> String {
    String(format: "%.4f", value)
  }

  // A median of counts is a whole number or a half.
  private static func count(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }
}
