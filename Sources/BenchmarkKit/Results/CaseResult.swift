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
  /// Loop iterations per sample, as calibrated; each performs
  /// ``operationsPerIteration`` operations.
  public var iterations: Int
  /// Operations per loop iteration (``PreparedCase/operationsPerIteration``);
  /// `nil` in results written before unrolling existed, meaning 1.
  public var operationsPerIteration: Int?
  /// The fixed cost of one timed call (`run(0)` between two clock readings), in ns,
  /// subtracted once from every sample.
  public var fixedOverheadNs: Double
  /// The harness's loop cost per operation subtracted from every sample, in ns:
  /// the median of ``referenceLoop(_:operationsPerIteration:)`` samples of the same
  /// shape, taken round-robin with this case's group.
  public var loopOverheadNs: Double?
  /// How far off this case's median may be, in ns: the loop cost removed (the
  /// reference loop is not the case's own loop, so up to that much may be wrong),
  /// plus the half-width of the 95% interval of the reference's median
  /// (``loopUncertaintyNs``), plus the larger side of ``medianInterval`` (both
  /// components: within a pass and between passes). `nil` in results written
  /// before it existed.
  ///
  /// A figure under ``resolutionNs`` (built from its parts) is published as a bound.
  public var uncertaintyNs: Double?
  /// Why the case's samples may not be what calibration aimed at (samples that
  /// missed the target duration by more than 2×), or `nil` when they are.
  /// Reports mark it `†`. Not set where one operation alone outlasts a sample
  /// (``outlastsSample``): that is the operation's size, not a missed calibration.
  public var calibrationNote: String?
  /// Whether one operation alone lasts longer than a sample aims to (one
  /// iteration per sample, its median sample over twice the target): inherent
  /// in the case, not a defect; reports mark it `‡`. `nil` when it does not.
  public var outlastsSample: Bool?
  /// Where the passes' medians fall into separate modes (the machine's ×2 states
  /// on these VMs), a line saying so, e.g. "passes in two modes: 0.50–0.61 and
  /// 0.97–0.98 ns"; `nil` when they do not. The interval covers both modes;
  /// reports mark the case `≈`.
  public var passModes: String?
  /// The 95% interval of the median that reports publish, in ns: where a rerun
  /// of the same binary should put its median, from both components of the
  /// uncertainty (within a pass and between passes), widened to hold every
  /// pass's median. `nil` in results written before it existed (then the
  /// bootstrap interval of ``statistics`` stands in).
  public var medianInterval: ClosedRange<Double>?
  /// The scenario's rerun shift (``RerunShift``) the interval was widened to, as
  /// a log ratio (0.3 ≈ ×1.35 either side): how far its cases' medians move
  /// between halves of their passes, pooled over the scenario. `nil` when the
  /// run had too few passes or values for it, and in results written before it.
  public var rerunShift: Double?
  /// The half-width of the 95% interval of the reference loop's median that was
  /// subtracted, in ns (the widest over the passes): part of ``uncertaintyNs``.
  public var loopUncertaintyNs: Double?
  /// Nanoseconds per operation of each sample, overheads subtracted.
  public var samples: [Double]
  /// How many of ``samples`` each pass took, in order (pass 1's samples first):
  /// the runner measures the whole plan several times over, each pass on freshly
  /// prepared cases, so that what changes between runs (where the fixtures land
  /// in memory, a slow stretch of the machine) shows up inside one run. `nil` in
  /// results written before passes existed (one pass).
  public var passSampleCounts: [Int]?
  /// The round of its pass each sample was taken in (0-based), parallel to
  /// ``samples``: with ``passSampleCounts`` it says where every sample came from,
  /// so ratios pair samples of the same (pass, round), taken side by side.
  /// `nil` in results written before it existed.
  public var sampleRounds: [Int]?
  /// The stack offset each sample ran at, in bytes, parallel to ``samples``
  /// (``RunConfiguration/stackPlacements``); `nil` where the run kept the
  /// stack where the process put it.
  public var sampleStackOffsets: [Int]?
  /// How much the case moved with those placements; `nil` without them.
  public var placement: PlacementEffect?
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
  /// The latencies of single operations, for a case that times each one
  /// (``PreparedCase/latencies``): every kept sample's, of every pass; `nil`
  /// for the others.
  public var latency: LatencyHistogram?
  /// The memory the things one operation makes hold, for a case that
  /// measures it (``PreparedCase/footprint``): the median pass's, with the
  /// most any pass left behind; `nil` for the others.
  public var heldMemory: HeldMemory?
  /// Instructions per operation counted under callgrind over the measured region,
  /// the loop's own removed (`obsbench run --metric instructions`); `nil` when
  /// not counted.
  public var instructionsPerOperation: Double?
  /// Why ``instructionsPerOperation`` may differ between runs (the count varied
  /// between two equal stretches of iterations), or `nil` when it is exact.
  public var instructionsNote: String?
  /// Calls per operation into the runtime's reference counting (retains,
  /// releases) and object allocation, from the same callgrind dumps as
  /// ``instructionsPerOperation`` (``RuntimeCalls``); `nil` where instructions
  /// were not counted.
  public var runtimeCalls: RuntimeCalls?
  /// Why the case has no valid measurement, or `nil` when it has one.
  public var failure: String?
  /// The figures reports print for this case (values or bounds, ratio to
  /// `apple` with its interval); filled in when the run is written.
  public var published: PublishedFigures?

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

  /// Operations per sample: ``iterations`` × ``operationsPerIteration``.
  public var operationsPerSample: Int {
    iterations * (operationsPerIteration ?? 1)
  }

  /// The part of ``uncertaintyNs`` that does not scale with the operation: the
  /// loop cost removed from every sample (the reference loop is not the case's
  /// own loop, so up to that much may be wrong) plus its median's half-width.
  public var harnessUncertaintyNs: Double {
    (loopOverheadNs ?? 0) + (loopUncertaintyNs ?? 0)
  }

  /// The smallest time this case can publish as a number, in ns.
  ///
  /// A time is resolved when the run can tell it from what the harness may have
  /// got wrong in it: it is at least twice ``harnessUncertaintyNs``, and the low
  /// end of ``medianInterval`` (both components, within and between passes)
  /// stays above ``harnessUncertaintyNs``, i.e. the time is at least the harness's
  /// error plus how far the interval reaches below the median. Noise that scales
  /// with the operation — a process in the ×2 slow state — widens the interval
  /// but cannot make a 60 µs operation look like nothing, so it does not turn
  /// the figure into a bound; an interval that reaches down into the harness's
  /// own error does. Results written before the interval existed use twice
  /// ``uncertaintyNs``; zero for results written before that.
  public var resolutionNs: Double {
    guard let interval = medianInterval, let median = statistics?.median else { return 2 * (uncertaintyNs ?? 0) }
    let harness = harnessUncertaintyNs
    return max(2 * harness, harness + max(0, median - interval.lowerBound))
  }

  /// A time statistic of this case as it may be published: the value when it
  /// reaches ``resolutionNs``, else an upper bound: the value (or zero when it is
  /// below zero) plus ``uncertaintyNs``, and never below the top of
  /// ``medianInterval``, which holds every pass's median — a bound is an upper
  /// bound of everything the run saw of the median.
  public func figure(_ nanoseconds: Double) -> Figure {
    if nanoseconds >= resolutionNs && nanoseconds > 0 { return .value(nanoseconds) }
    return .below(max(max(nanoseconds, 0) + (uncertaintyNs ?? 0), medianInterval?.upperBound ?? 0))
  }

  /// The low end of the median's interval as it may be published: a value
  /// wherever the median is one and the end lies above the harness's own
  /// error, else as ``figure(_:)`` has it.
  ///
  /// The interval's end is not a time of its own to resolve: it says how low
  /// a rerun's median may fall. Held to ``resolutionNs`` — which grows with
  /// how far the interval reaches below the median — the low end of a wide
  /// interval was a bound even under a clearly resolved median (apple's
  /// `render-body[100]`, 57 µs with a pass at twice that), and every figure
  /// built from it (an overhead, a coverage check) lost its lower side.
  public func intervalEnd(_ nanoseconds: Double) -> Figure {
    if let median = statistics?.median, median >= resolutionNs, median > 0, nanoseconds > harnessUncertaintyNs,
      nanoseconds > 0
    {
      return .value(nanoseconds)
    }
    return figure(nanoseconds)
  }

  /// The published median, or `nil` when the case has no statistics.
  public var medianFigure: Figure? {
    statistics.map { figure($0.median) }
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
