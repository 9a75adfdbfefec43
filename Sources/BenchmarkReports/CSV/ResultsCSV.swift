import BenchmarkKit

/// Renders a run as `results.csv`: one row per suite, scenario, strategy and size.
///
/// The first thirteen columns are the contract of DESIGN.md, in that order, with
/// those exact names; the columns after them may grow. An unavailable value (no
/// allocation counter, a failed case) is an empty field; a failed case says why
/// in `failure`.
public enum ResultsCSV {
  /// The header row's columns.
  public static let columns = [
    "suite", "scenario", "strategy", "size", "iterations", "samples",
    "median_ns", "p90_ns", "min_ns", "mad_ns",
    "allocs_per_op", "bytes_per_op", "notifications_per_op",
    "p99_ns", "max_ns", "mean_ns", "ci_low_ns", "ci_high_ns", "growth_exponent", "failure",
  ]

  /// The CSV text of `run`, header first, LF line endings.
  public static func render(_ run: BenchmarkRun) -> String {
    var lines = [CSVField.row(columns)]
    for result in run.cases {
      let stats = result.statistics
      let fields: [String] = [
        result.suite, result.scenario, result.strategy, String(result.size),
        String(result.iterations), String(result.samples.count),
        NumberFormat.fixed(stats?.median), NumberFormat.fixed(stats?.p90),
        NumberFormat.fixed(stats?.min), NumberFormat.fixed(stats?.mad),
        NumberFormat.fixed(result.allocationsPerOperation), NumberFormat.fixed(result.bytesPerOperation),
        NumberFormat.fixed(result.notificationsPerOperation),
        NumberFormat.fixed(stats?.p99), NumberFormat.fixed(stats?.max), NumberFormat.fixed(stats?.mean),
        NumberFormat.fixed(stats?.ciLow), NumberFormat.fixed(stats?.ciHigh),
        NumberFormat.fixed(run.exponent(for: result.key)),
        result.failure ?? "",
      ]
      lines.append(CSVField.row(fields))
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
