/// One scenario under one strategy and size, set up and ready to be timed.
///
/// A scenario's factory does all set-up before returning it; nothing it does is
/// measured. The runner then calls ``run`` with iteration counts it calibrates,
/// reading the clock, the allocation counters and ``notifications`` around each
/// call — never inside it.
///
/// ```swift
/// let model = Counter()
/// return PreparedCase(
///   operationsPerIteration: unrollFactor,
///   run: { iterations in
///     repeatUnrolled(iterations) { blackHole(model.value) }
///   },
///   notifications: { model.fired },
///   expectedNotificationsPerOperation: 0
/// )
/// ```
public struct PreparedCase {
  /// Runs `iterations` loop iterations of ``operationsPerIteration`` operations each.
  ///
  /// The case writes the loop itself so the operation is specialised and inlined
  /// inside it; each result goes to ``blackHole(_:)``. The runner times the loop
  /// with zero iterations and subtracts that fixed cost, and subtracts the
  /// per-operation cost of an empty loop of the same shape
  /// (``referenceLoop(_:operationsPerIteration:)``).
  ///
  /// One operation is a fixed unit of work: the same for every strategy and
  /// whatever the iteration count, so that the count calibration happens to
  /// choose never changes the time per operation.
  public var run: (_ iterations: Int) -> Void

  /// Operations one loop iteration of ``run`` performs: 1, or ``unrollFactor``
  /// for an operation of a few nanoseconds written with ``repeatUnrolled(_:_:)``.
  public var operationsPerIteration: Int

  /// The iterations that make one whole round of the workload: 1, or 2 for a
  /// workload that alternates two operations (a removal, then putting the rows
  /// back). Every sample runs a multiple of it, so that each holds the same
  /// mix: with an odd count, samples took turns at two removals and one
  /// put-back and the other way round, and where the two differ twofold the
  /// samples fell into two groups whose median was either.
  public var iterationMultiple = 1

  /// A cumulative count of the `onChange` calls the workload has seen, or `nil`
  /// when notifications mean nothing for this case.
  public var notifications: (() -> Int)?

  /// The notifications one operation must cause, or `nil` when it is not fixed.
  ///
  /// When set (and ``notifications`` is too), the runner compares it with the
  /// measured notifications per operation after sampling; a difference fails the
  /// case loudly instead of reporting the time of a strategy that stopped
  /// notifying or notifies too often.
  public var expectedNotificationsPerOperation: Double?

  /// Runs a closure synchronously inside some isolation domain, or `nil` to run on
  /// the runner's thread.
  ///
  /// The runner calls it once per calibration and once per sample with a closure
  /// that does the whole timing, so the clock readings happen inside the isolation
  /// and no hop is measured. It must run the closure to completion before it
  /// returns. ``isolation(of:)`` builds one for an actor.
  public var isolation: ((_ body: @escaping () -> Void) -> Void)?

  /// Releases what set-up made, after the last sample; `nil` when nothing to do.
  public var tearDown: (() -> Void)?

  /// Hands over the latencies of single operations the case timed itself since
  /// it was last asked, or `nil` for a case timed only as whole samples.
  ///
  /// For a probe whose question is how long the slowest operations wait (a
  /// reader stalled by a writer), which a sample's mean hides. The runner asks
  /// inside the case's isolation, outside the clock: before each sample, to drop
  /// what calibration and warm-up left, and after it, to keep the sample's;
  /// the result then holds them all (``CaseResult/latency``).
  public var latencies: (() -> LatencyHistogram)?

  /// Builds the things one operation makes (n models, rows or scopes), holds
  /// them, frees them, and says how much memory they held and what stayed
  /// (``HeldMemory``); `nil` for a case that measures time only, and the
  /// closure returns `nil` where jemalloc's statistics are unavailable. The
  /// runner calls it once, in the first pass, after the samples, inside the
  /// case's isolation and outside the clock; a fixture that leaves more than
  /// ``HeldMemory/allowedLeftBytes`` behind fails the case.
  public var footprint: (() -> HeldMemory?)?

  /// Creates a prepared case.
  ///
  /// - Parameters:
  ///   - operationsPerIteration: Operations per loop iteration: 1, or
  ///     ``unrollFactor`` when `run` uses ``repeatUnrolled(_:_:)``.
  ///   - run: Runs the given number of loop iterations.
  ///   - notifications: A cumulative count of notifications, if meaningful.
  ///   - expectedNotificationsPerOperation: The exact notifications one operation
  ///     causes; checked after sampling when `notifications` is set.
  ///   - isolation: Runs the timing closure synchronously in another isolation.
  ///   - tearDown: Releases what set-up made.
  ///   - latencies: Hands over the single operations' latencies the case timed.
  ///   - footprint: Measures the memory the things one operation makes hold.
  public init(
    operationsPerIteration: Int = 1,
    run: @escaping (_ iterations: Int) -> Void,
    notifications: (() -> Int)? = nil,
    expectedNotificationsPerOperation: Double? = nil,
    isolation: ((_ body: @escaping () -> Void) -> Void)? = nil,
    tearDown: (() -> Void)? = nil,
    latencies: (() -> LatencyHistogram)? = nil,
    footprint: (() -> HeldMemory?)? = nil
  ) {
    precondition(
      operationsPerIteration == 1 || operationsPerIteration == unrollFactor,
      "operationsPerIteration must be 1 or unrollFactor (\(unrollFactor))")
    self.operationsPerIteration = operationsPerIteration
    self.run = run
    self.notifications = notifications
    self.expectedNotificationsPerOperation = expectedNotificationsPerOperation
    self.isolation = isolation
    self.tearDown = tearDown
    self.latencies = latencies
    self.footprint = footprint
  }
}
