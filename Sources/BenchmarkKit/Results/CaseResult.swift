/// The measurements of one case: one suite, scenario, strategy and size.
///
/// Per-sample values are kept in parallel arrays (one entry per sample) so that
/// anyone can recompute statistics from the raw data; the summary fields are what
/// reports show.
public struct CaseResult: Codable, Hashable, Sendable {
  /// The suite's name.
  public var suite: String
  /// The scenario's name.
  public var scenario: String
  /// The strategy id.
  public var strategy: String
  /// The size.
  public var size: Int
  /// Operations per sample, as calibrated.
  public var iterations: Int
  /// The fixed cost of one timed call (`run(0)` between two clock readings), in ns,
  /// subtracted once from every sample.
  public var fixedOverheadNs: Double
  /// The per-iteration loop cost subtracted from every sample, in ns: the median
  /// of ``referenceLoop(_:)`` samples taken round-robin with this case's group.
  public var loopOverheadNs: Double?
  /// Nanoseconds per operation of each sample, overheads subtracted.
  public var samples: [Double]
  /// The raw duration of each sample, in ns, nothing subtracted.
  public var elapsedNs: [UInt64]
  /// Allocations per operation of each sample; `nil` when allocations are unavailable.
  public var allocationSamples: [Double]?
  /// Bytes allocated per operation of each sample; `nil` when unavailable.
  public var byteSamples: [Double]?
  /// Notifications per operation of each sample; `nil` when the case counts none.
  public var notificationSamples: [Double]?
  /// Statistics of ``samples``; `nil` when there are none or the case failed.
  public var statistics: Statistics?
  /// The median of ``allocationSamples``.
  public var allocationsPerOperation: Double?
  /// The median of ``byteSamples``.
  public var bytesPerOperation: Double?
  /// All notifications during the samples divided by all their operations.
  public var notificationsPerOperation: Double?
  /// What the case declared one operation must notify, if anything.
  public var expectedNotificationsPerOperation: Double?
  /// Why the case has no valid measurement, or `nil` when it has one.
  public var failure: String?

  /// Creates a result with no samples yet.
  public init(suite: String, scenario: String, strategy: String, size: Int) {
    self.suite = suite
    self.scenario = scenario
    self.strategy = strategy
    self.size = size
    iterations = 0
    fixedOverheadNs = 0
    samples = []
    elapsedNs = []
  }

  /// The key that identifies the case across runs.
  public var key: CaseKey {
    CaseKey(suite: suite, scenario: scenario, strategy: strategy, size: size)
  }

  /// A short name for messages: `suite/scenario[size] strategy`.
  public var displayName: String {
    key.description
  }
}

/// The identity of a case across runs: suite, scenario, strategy and size.
public struct CaseKey: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The suite's name.
  public var suite: String
  /// The scenario's name.
  public var scenario: String
  /// The strategy id.
  public var strategy: String
  /// The size.
  public var size: Int

  /// Creates a key.
  public init(suite: String, scenario: String, strategy: String, size: Int) {
    self.suite = suite
    self.scenario = scenario
    self.strategy = strategy
    self.size = size
  }

  /// `suite/scenario[size] strategy`.
  public var description: String {
    "\(suite)/\(scenario)[\(size)] \(strategy)"
  }

  /// Orders by suite, scenario, size, then strategy.
  public static func < (lhs: CaseKey, rhs: CaseKey) -> Bool {
    (lhs.suite, lhs.scenario, lhs.size, lhs.strategy) < (rhs.suite, rhs.scenario, rhs.size, rhs.strategy)
  }
}
