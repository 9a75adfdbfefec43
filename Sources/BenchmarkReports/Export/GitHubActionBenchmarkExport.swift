import BenchmarkKit
import Foundation

/// Renders a run for github-action-benchmark's `customSmallerIsBetter` tool: a
/// JSON array of `{name, unit, value, range, extra}`, one entry per case and
/// metric.
///
/// Metrics: time (`ns/op`, named `suite/scenario[size] strategy`), allocations
/// (`allocs/op`, the name plus ` allocs`) where counted and instructions
/// (`instructions/op`, the name plus ` instructions`) where counted — the only
/// entry of a case of `run --metric instructions`; each metric
/// has a name of its own because the action draws one chart per name. `value`
/// must be a number and the tool has no notion of a bound, so a median under
/// the case's resolution is **left out**, never written as a value. `range` is
/// the larger side of the median's 95% interval (`± 0.12`), present only when
/// both ends of the interval resolved; `extra` says the interval, the ratio to
/// `apple` (with the scenario's form where it declares one: `idiomatic:
/// persistent observe vs apple re-armed`), the sample count and the commit.
public enum GitHubActionBenchmarkExport {
  /// One element of the array.
  struct Entry: Codable, Equatable {
    var name: String
    var unit: String
    var value: Double
    var range: String?
    var extra: String?
  }

  /// The JSON array for `run`, pretty-printed with sorted keys.
  public static func render(_ run: BenchmarkRun) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(entries(of: run))
  }

  /// The entries for `run`, in run order: per case its time, then allocations,
  /// then instructions.
  static func entries(of run: BenchmarkRun) -> [Entry] {
    let commit = ExportedCase.commit(of: run)
    var entries = [Entry]()
    for exported in ExportedCase.cases(of: run) {
      let result = exported.result
      if let published = exported.published, let median = published.medianNs.value {
        entries.append(
          Entry(
            name: exported.name, unit: "ns/op", value: ExportedCase.rounded(median),
            range: range(of: published, median: median),
            extra: extra(of: published, form: exported.form, samples: result.samples.count, commit: commit)))
      }
      if let allocations = result.allocationsPerOperation, allocations.isFinite {
        entries.append(
          Entry(
            name: exported.name + " allocs", unit: "allocs/op", value: ExportedCase.rounded(allocations),
            range: nil, extra: result.bytesPerOperation.map { "\(NumberFormat.fixed($0)) bytes/op" }))
      }
      if let instructions = result.instructionsPerOperation, instructions.isFinite {
        entries.append(
          Entry(
            name: exported.name + " instructions", unit: "instructions/op", value: ExportedCase.rounded(instructions),
            range: nil, extra: result.instructionsNote))
      }
    }
    return entries
  }

  /// `± x`: the larger distance from the median to an end of its 95% interval,
  /// or `nil` when an end is a bound.
  private static func range(of published: PublishedFigures, median: Double) -> String? {
    guard let low = published.ciLowNs.value, let high = published.ciHighNs.value else { return nil }
    return "± " + NumberFormat.fixed(max(median - low, high - median))
  }

  /// The interval, ratio, samples and commit, in one line.
  private static func extra(
    of published: PublishedFigures, form: ScenarioForm?, samples: Int, commit: String
  ) -> String {
    var parts = [
      "95% CI \(NumberFormat.nanoseconds(published.ciLowNs)) – \(NumberFormat.nanoseconds(published.ciHighNs)) ns"
    ]
    if let ratio = published.ratioToApple {
      parts.append("ratio to apple \(NumberFormat.ratio(ratio, interval: published.ratioInterval))")
      if let form { parts.append("\(form.kind.rawValue): \(form.forms)") }
    }
    parts.append("\(samples) samples")
    parts.append("commit \(commit)")
    return parts.joined(separator: "; ")
  }
}
