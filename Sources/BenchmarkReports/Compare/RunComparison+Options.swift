import BenchmarkKit

extension RunComparison {
  /// How strict the comparison is.
  public struct Options: Sendable {
    /// The relative change that counts, e.g. 0.05 for 5 %.
    public var threshold: Double
    /// The largest p-value of the U test that counts as significant.
    public var significance: Double
    /// The coverage of the bootstrap interval of the ratio.
    public var confidence: Double
    /// Bootstrap resamples per case.
    public var resamples: Int
    /// The least number of times its noise a change must exceed.
    public var noiseMultiple: Double
    /// The chance of one false alarm in a whole comparison of unchanged code that
    /// the per-case noise multiple is raised to keep (see ``RunComparison/noiseMultiple``).
    public var familyWiseError: Double
    /// The fewest samples each side needs for a change beyond the threshold to be judged.
    public var minimumSamples: Int
    /// Whether baseline cases missing from the current run are allowed.
    public var allowMissing: Bool
    /// The strategies whose shift between the runs is the machine's: code of this
    /// project never runs in them.
    public var referenceStrategies: Set<String>
    /// What is compared.
    public var metric: ComparedMetric
    /// Cases whose baseline median is under this many nanoseconds are judged and
    /// shown but never fail the gate by a change of time: across two builds such
    /// an operation moves with where its code and data land (A/A runs here:
    /// sub-nanosecond cases 40% apart over eight pairs of passes), and the
    /// instruction gates judge it instead. `nil`: every case gates.
    public var ungatedBelowNs: Double?

    /// Creates options; the defaults suit these noisy machines.
    public init(
      threshold: Double = 0.05, significance: Double = 0.01, confidence: Double = 0.99, resamples: Int = 1000,
      noiseMultiple: Double = 3, familyWiseError: Double = 0.05, minimumSamples: Int = 8,
      allowMissing: Bool = false,
      referenceStrategies: Set<String> = [ReferenceStrategy.apple, ReferenceStrategy.floor],
      metric: ComparedMetric = .time, ungatedBelowNs: Double? = nil
    ) {
      self.threshold = threshold
      self.significance = significance
      self.confidence = confidence
      self.resamples = resamples
      self.noiseMultiple = noiseMultiple
      self.familyWiseError = familyWiseError
      self.minimumSamples = minimumSamples
      self.allowMissing = allowMissing
      self.referenceStrategies = referenceStrategies
      self.metric = metric
      self.ungatedBelowNs = ungatedBelowNs
    }
  }
}
