import BenchmarkKit

/// What `compare` and `check` measure a case by: time per operation today, and
/// any other per-operation quantity with samples (instruction counts) tomorrow.
///
/// The comparison and the gates take the metric as a parameter, so a new one is
/// one new static value here, not a second comparison.
public struct ComparedMetric: Sendable {
  /// The name used in options and messages, e.g. `time`.
  public var name: String
  /// The unit a value is written in, e.g. `ns`.
  public var unit: String
  /// The per-round samples of a case (one per sample, in round order), empty when
  /// it has none.
  public var samples: @Sendable (CaseResult) -> [Double]
  /// The published median of a case: a value, or a bound where the run could not
  /// resolve it; `nil` when the case has no measurement of this metric.
  public var median: @Sendable (CaseResult) -> Figure?
  /// The 95% interval of the case's median, when known.
  public var medianInterval: @Sendable (CaseResult) -> ClosedRange<Double>?
  /// The relative standard deviation of the case's median, consecutive samples
  /// resampled in blocks (``BlockBootstrap``), when it has enough samples.
  public var medianSpread: @Sendable (CaseResult) -> Double?

  /// Creates a metric from its accessors.
  public init(
    name: String, unit: String, samples: @escaping @Sendable (CaseResult) -> [Double],
    median: @escaping @Sendable (CaseResult) -> Figure?,
    medianInterval: @escaping @Sendable (CaseResult) -> ClosedRange<Double>?
  ) {
    self.name = name
    self.unit = unit
    self.samples = samples
    self.median = median
    self.medianInterval = medianInterval
    let samples = self.samples
    medianSpread = { result in
      BlockBootstrap.relativeSpreadOfMedian(samples(result))
    }
  }

  /// Nanoseconds per operation, with times under a case's resolution as bounds
  /// (``CaseResult/medianFigure``).
  public static let time = ComparedMetric(
    name: "time", unit: "ns", samples: { $0.samples }, median: { $0.medianFigure },
    medianInterval: { result in result.statistics.map { $0.ciLow...$0.ciHigh } })
}
