import BenchmarkKit

extension MarkdownSummary {
  /// The cases that timed single operations (stall probes), one row each: how
  /// many, their percentiles, the slowest and how many took 1 ms or more.
  ///
  /// Percentiles are read off a histogram's buckets (within 1/32 of the value);
  /// the maximum and the count over 1 ms are exact.
  static func latencyLines(_ run: BenchmarkRun) -> [String] {
    let cases = run.cases.filter { ($0.latency?.count ?? 0) > 0 }
    guard !cases.isEmpty else { return [] }
    var lines = [
      "", "## Per-operation latency", "",
      "Each operation timed on its own, clock reads included: percentiles within 1/32 of the value, maximum and "
        + "count over 1 ms exact.",
      "", "| case | strategy | operations | p50 | p99 | p99.9 | max | over 1 ms |",
      "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for result in cases {
      let latency = result.latency!
      let percentile = { (p: Double) in NumberFormat.nanoseconds(latency.percentile(p).map { Double($0) }) }
      lines.append(
        "| \(escape("\(result.suite)/\(result.scenario)[\(result.size)]")) | `\(result.strategy)` | \(latency.count) | "
          + "\(percentile(0.5)) | \(percentile(0.99)) | \(percentile(0.999)) | "
          + "\(NumberFormat.nanoseconds(Double(latency.maxNs))) | \(latency.slowCount) |")
    }
    return lines
  }
}
