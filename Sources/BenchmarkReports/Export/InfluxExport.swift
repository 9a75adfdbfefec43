import BenchmarkKit
import Foundation

/// Renders runs as InfluxDB line protocol: one point per measured case.
///
/// Measurement `obsbench`; tags `suite`, `scenario`, `strategy`, `size`, `commit`
/// (the commit the binary was built from, else the folder's HEAD), `host`, `cpu`,
/// and `form` (`idiomatic` or `like-for-like`) where the scenario declares one;
/// the run's date, when it finished measuring, as the timestamp (ns). Fields,
/// where the run has them: `median_ns`, `p90_ns`, `ci_low_ns`, `ci_high_ns`,
/// `ratio_to_apple`, `ratio_ci_low`, `ratio_ci_high`, `allocs_per_op`,
/// `bytes_per_op`, `notifications_per_op`, `instructions_per_op`,
/// `resolution_ns` and `samples` (integer, for a timed case); a case of
/// `run --metric instructions` has `instructions_per_op` alone. A time or
/// ratio the run could not resolve is **exported as a bound**: the field takes
/// a suffix saying which side the truth lies on (`median_ns_below=0.4`: the
/// median is under 0.4 ns), so a query of `median_ns` never sees it. Failed cases are not written.
public enum InfluxExport {
  /// The measurement every point belongs to.
  public static let measurement = "obsbench"

  /// The lines of every run of `runs`, each run at its own timestamp and commit,
  /// so several runs given to `report` load as a history.
  public static func render(_ runs: ReportRuns) -> String {
    runs.entries.flatMap { lines(of: $0.run) }.map { $0 + "\n" }.joined()
  }

  /// The lines of `run`, one per measured case, in run order.
  public static func lines(of run: BenchmarkRun) -> [String] {
    let environment = run.environment
    let timestamp = timestampNs(of: environment.date)
    let commit = ExportedCase.commit(of: run)
    return ExportedCase.cases(of: run).map { exported in
      let result = exported.result
      let tags = [
        ("suite", result.suite), ("scenario", result.scenario), ("strategy", result.strategy),
        ("size", String(result.size)), ("commit", commit), ("host", environment.host), ("cpu", environment.cpuModel),
        ("form", exported.form?.kind.rawValue ?? ""),
      ]
      return InfluxLineProtocol.line(
        measurement: measurement, tags: tags, fields: fields(of: exported), timestampNs: timestamp)
    }
  }

  /// The fields of one case: values as plain fields, bounds under suffixed keys.
  static func fields(of exported: ExportedCase) -> [(String, String)] {
    var fields = [(String, String)]()
    func add(_ key: String, _ figure: Figure?) {
      switch figure {
      case .value(let value)?: addNumber(key, value)
      case .below(let bound)?: addNumber(key + "_below", bound)
      case .above(let bound)?: addNumber(key + "_above", bound)
      case .unresolved?, nil: break
      }
    }
    func addNumber(_ key: String, _ value: Double?) {
      if let value, let text = InfluxLineProtocol.float(value) { fields.append((key, text)) }
    }
    let published = exported.published
    let result = exported.result
    add("median_ns", published?.medianNs)
    add("p90_ns", published?.p90Ns)
    add("ci_low_ns", published?.ciLowNs)
    add("ci_high_ns", published?.ciHighNs)
    add("ratio_to_apple", published?.ratioToApple)
    addNumber("ratio_ci_low", published?.ratioInterval?.lowerBound)
    addNumber("ratio_ci_high", published?.ratioInterval?.upperBound)
    addNumber("allocs_per_op", result.allocationsPerOperation)
    addNumber("bytes_per_op", result.bytesPerOperation)
    addNumber("notifications_per_op", result.notificationsPerOperation)
    addNumber("instructions_per_op", result.instructionsPerOperation)
    addNumber("resolution_ns", published?.resolutionNs)
    // Samples are of a time; a case that was only counted has none.
    if published != nil { fields.append(("samples", InfluxLineProtocol.integer(result.samples.count))) }
    return fields
  }

  /// The run's ISO 8601 date in ns since 1970, or `nil` when it does not parse
  /// (the server then stamps the point with its arrival).
  static func timestampNs(of date: String) -> Int64? {
    guard let parsed = ISO8601DateFormatter().date(from: date) else { return nil }
    return Int64(parsed.timeIntervalSince1970) * 1_000_000_000
  }
}
