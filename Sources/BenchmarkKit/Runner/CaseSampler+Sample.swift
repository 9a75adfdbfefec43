extension CaseSampler {
  /// One sample as taken: its timing, where in the pass it was taken, and what
  /// the counters saw, kept together so that dropping a sample drops all of it.
  struct Sample {
    /// The round of the pass it was taken in.
    var round: Int
    /// How far the stack was moved for it (``StackPlacement``), in bytes;
    /// `nil` in a run that does not move it.
    var stackOffset: Int?
    /// The raw duration, nothing subtracted.
    var elapsedNs: UInt64
    /// Loop iterations timed.
    var iterations: Int
    /// Operations per iteration, as the case declared.
    var operationsPerIteration: Int
    /// Operations per iteration the timing is divided by: the case's, unless a
    /// harness fault (``HarnessFault/unrollingIgnored``) says otherwise.
    var timedOperationsPerIteration: Int
    /// The fixed cost of a timed call, subtracted from ``grossNs``.
    var fixedOverheadNs: Double
    /// Allocations and bytes allocated during the sample; `nil` without a counter.
    var allocations: UInt64?
    var bytes: UInt64?
    /// Notifications during the sample; `nil` when the case counts none.
    var notifications: Int?
    /// The single operations' latencies the case timed during the sample; `nil`
    /// when it times none.
    var latencies: LatencyHistogram?

    /// The operations the sample ran.
    var operations: Int { iterations * operationsPerIteration }

    /// The operations the timing and the counters are divided by.
    private var timedOperations: Double { Double(iterations * timedOperationsPerIteration) }

    /// Nanoseconds per operation, fixed cost subtracted, loop cost not yet.
    var grossNs: Double { (Double(elapsedNs) - fixedOverheadNs) / timedOperations }

    var allocationsPerOperation: Double? { allocations.map { Double($0) / timedOperations } }
    var bytesPerOperation: Double? { bytes.map { Double($0) / timedOperations } }
    var notificationsPerOperation: Double? { notifications.map { Double($0) / timedOperations } }
  }
}
