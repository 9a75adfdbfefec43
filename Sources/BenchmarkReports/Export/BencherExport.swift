import BenchmarkKit
import Foundation

/// Renders a run in the Bencher Metric Format: a JSON object from benchmark name
/// to measure to `{value, lower_value, upper_value}`.
///
/// Benchmarks are named `suite/scenario[size] strategy`. Measures: `latency`
/// (Bencher's built-in measure in nanoseconds: the median per operation, its 95%
/// interval as `lower_value`/`upper_value`), `allocations` (per operation) and
/// `instructions` (per operation) where counted — the only measure of a case
/// of `run --metric instructions`; Bencher creates custom measures on first
/// use. BMF requires `value`, so a median under the case's resolution is
/// **left out** (the case keeps its other measures); an interval end that is a
/// bound is left out too. A case with no measure left is not written.
public enum BencherExport {
  /// One measure of one benchmark.
  struct Metric: Codable, Equatable {
    var value: Double
    var lowerValue: Double?
    var upperValue: Double?

    private enum CodingKeys: String, CodingKey {
      case value
      case lowerValue = "lower_value"
      case upperValue = "upper_value"
    }
  }

  /// The BMF JSON object for `run`, pretty-printed with sorted keys.
  public static func render(_ run: BenchmarkRun) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(report(of: run))
  }

  /// Benchmark name → measure slug → metric.
  static func report(of run: BenchmarkRun) -> [String: [String: Metric]] {
    var report = [String: [String: Metric]]()
    for exported in ExportedCase.cases(of: run) {
      var measures = [String: Metric]()
      if let published = exported.published, let median = published.medianNs.value {
        measures["latency"] = Metric(
          value: ExportedCase.rounded(median),
          lowerValue: published.ciLowNs.value.map { ExportedCase.rounded($0) },
          upperValue: published.ciHighNs.value.map { ExportedCase.rounded($0) })
      }
      if let allocations = exported.result.allocationsPerOperation, allocations.isFinite {
        measures["allocations"] = Metric(value: ExportedCase.rounded(allocations))
      }
      if let instructions = exported.result.instructionsPerOperation, instructions.isFinite {
        measures["instructions"] = Metric(value: ExportedCase.rounded(instructions))
      }
      if !measures.isEmpty { report[exported.name] = measures }
    }
    return report
  }
}
