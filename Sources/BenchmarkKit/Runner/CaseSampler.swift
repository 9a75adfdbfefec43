/// Takes the samples of one case: calibration, warm-up, then one sample per call,
/// each inside the case's isolation; between passes the prepared case is torn
/// down and a freshly prepared one takes over, at the calibrated iteration count.
///
/// A reference type because the runner's timing closures, which may run on
/// another executor, record into it; the isolation function's wait orders those
/// accesses.
final class CaseSampler {
  private(set) var result: CaseResult
  /// The case being sampled; `nil` between passes.
  private var prepared: PreparedCase?
  /// Its loop's shape, which every pass's preparation shares.
  let operationsPerIteration: Int
  /// The notifications one operation must cause, as the case declared.
  private let expected: Double?
  private let counter: AllocationCounter?
  /// Nanoseconds per operation of each sample, fixed cost subtracted, loop cost not yet.
  /// Operations are loop iterations × ``PreparedCase/operationsPerIteration``.
  private(set) var grossSamples = [Double]()
  private var notificationTotal = 0
  private var iterationTotal = 0
  /// What the latest sample added to the two totals, so that it can be taken back.
  private var lastSampleNotifications = 0
  private var lastSampleOperations = 0

  /// A defect to build in on purpose (``HarnessFault``), or `nil`.
  var fault: HarnessFault?

  init(result: CaseResult, prepared: PreparedCase, counter: AllocationCounter?) {
    self.result = result
    self.prepared = prepared
    self.counter = counter
    self.operationsPerIteration = prepared.operationsPerIteration
    self.expected = prepared.expectedNotificationsPerOperation
    self.result.operationsPerIteration = prepared.operationsPerIteration
    self.result.passSampleCounts = [0]
    self.result.sampleRounds = []
    if counter != nil {
      self.result.allocationSamples = []
      self.result.byteSamples = []
    }
    if prepared.notifications != nil {
      self.result.notificationSamples = []
    }
  }

  var sampleCount: Int { grossSamples.count }

  /// Tears the case down and lets it go.
  func endPass() {
    prepared?.tearDown?()
    prepared = nil
  }

  /// How precisely the samples so far know their median: the half-width of its
  /// 95% interval relative to the median, from the interquartile range (IQR /
  /// 1.349 estimates σ; the median's standard error is 1.2533 σ / √n for normal
  /// noise). Interpolated quartiles see one outlier among three samples, where
  /// the median absolute deviation would be zero. Infinite with fewer than two
  /// samples or a median at zero.
  var relativeHalfWidth: Double {
    guard grossSamples.count >= 2 else { return .infinity }
    let sorted = grossSamples.sorted()
    let median = Statistics.percentile(0.5, ofSorted: sorted)
    guard median > 0 else { return .infinity }
    let spread = Statistics.percentile(0.75, ofSorted: sorted) - Statistics.percentile(0.25, ofSorted: sorted)
    return 1.96 * 1.2533 * spread / 1.349 / Double(sorted.count).squareRoot() / median
  }

  /// Takes `iterations` from an earlier pass's calibration instead of finding
  /// them again: warms up for `warmUpNs` at that count and measures the fixed
  /// cost of a timed call, as ``calibrate(targetNs:warmUpNs:)`` does.
  func adopt(iterations: Int, warmUpNs: UInt64) {
    guard let prepared else { return }
    isolated(prepared) { [self] in
      result.iterations = max(1, iterations)
      let start = MonotonicClock.now()
      repeat { prepared.run(result.iterations) } while MonotonicClock.now() &- start < warmUpNs
      var fixed = (0..<15).map { _ in Double(MonotonicClock.measure { prepared.run(0) }) }
      fixed.sort()
      result.fixedOverheadNs = fixed[fixed.count / 2]
    }
  }

  /// Finds an iteration count whose run lasts about `targetNs`, warms up for at
  /// least `warmUpNs`, and measures the fixed cost of a timed call.
  func calibrate(targetNs: UInt64, warmUpNs: UInt64) {
    guard let prepared else { return }
    isolated(prepared) { [self] in
      let run = prepared.run
      let start = MonotonicClock.now()
      var iterations = 1
      var elapsed = MonotonicClock.measure { run(iterations) }
      // Grow fast while far below the target, then double, so that calibration
      // costs little more than one sample.
      while elapsed < targetNs / 4 && iterations < Self.maximumIterations {
        iterations *= elapsed < targetNs / 100 ? 10 : 2
        elapsed = MonotonicClock.measure { run(iterations) }
      }
      let grown = iterations
      iterations = Self.scaled(iterations, elapsed: elapsed, targetNs: targetNs)
      // The first runs are cold (page faults, caches, lazy initialisation); warm up
      // at the final size, then recalibrate on a warm run. An operation slower than
      // a whole sample has warmed up already and is not run again.
      while iterations != grown || MonotonicClock.now() &- start < warmUpNs {
        elapsed = MonotonicClock.measure { run(iterations) }
        if MonotonicClock.now() &- start >= warmUpNs { break }
      }
      // A pre-empted timing only ever comes out longer: scale on the shortest of
      // three, or one stolen time slice leaves the case at a handful of iterations.
      // (An operation that alone outlasts a sample runs once per sample anyway.)
      if iterations > 1 || elapsed < targetNs &* 2 {
        for _ in 0..<2 { elapsed = min(elapsed, MonotonicClock.measure { run(iterations) }) }
      }
      result.iterations = Self.converged(
        run, from: Self.scaled(iterations, elapsed: elapsed, targetNs: targetNs), targetNs: targetNs)
      var fixed = (0..<15).map { _ in Double(MonotonicClock.measure { run(0) }) }
      fixed.sort()
      result.fixedOverheadNs = fixed[fixed.count / 2]
    }
  }

  /// Takes one sample in `round` of the pass: counters before, the timed run,
  /// counters after.
  func sample(round: Int) {
    guard let prepared else { return }
    isolated(prepared) { [self] in
      let iterations = result.iterations
      let notificationsBefore = prepared.notifications?()
      let allocationsBefore = counter?.snapshot()
      let start = MonotonicClock.now()
      prepared.run(iterations)
      let elapsed = MonotonicClock.now() &- start
      let allocationsAfter = counter?.snapshot()
      let notificationsAfter = prepared.notifications?()

      let operations = Double(iterations * (fault == .unrollingIgnored ? 1 : prepared.operationsPerIteration))
      result.elapsedNs.append(elapsed)
      result.sampleRounds?.append(round)
      grossSamples.append((Double(elapsed) - result.fixedOverheadNs) / operations)
      if let last = result.passSampleCounts?.indices.last { result.passSampleCounts?[last] += 1 }
      if let before = allocationsBefore, let after = allocationsAfter {
        let (allocations, bytes) = after.since(before)
        result.allocationSamples?.append(Double(allocations) / operations)
        result.byteSamples?.append(Double(bytes) / operations)
      }
      if let before = notificationsBefore, let after = notificationsAfter {
        result.notificationSamples?.append(Double(after - before) / operations)
        notificationTotal += after - before
        iterationTotal += iterations * prepared.operationsPerIteration
        lastSampleNotifications = after - before
        lastSampleOperations = iterations * prepared.operationsPerIteration
      }
    }
  }

  /// Subtracts the loop cost, summarises the samples, checks the notifications,
  /// and tears the case down: the case's result for this pass.
  ///
  /// - Parameters:
  ///   - overhead: The harness's cost per operation for a loop of this case's shape.
  ///   - targetNs: The duration a sample aimed at; samples whose median misses it
  ///     by more than 2× are noted in ``CaseResult/calibrationNote``, unless one
  ///     operation alone outlasts it (``CaseResult/outlastsSample``).
  func finish(overhead: LoopOverhead.Estimate, targetNs: UInt64, resamples: Int, seed: UInt64) -> CaseResult {
    endPass()
    result.loopOverheadNs = overhead.perOperationNs
    result.loopUncertaintyNs = overhead.uncertaintyNs
    result.samples = grossSamples.map { $0 - overhead.perOperationNs }
    // `map(Double.init)` would pick `init(bitPattern:)` for UInt64: spell it out.
    if let typical = Statistics.median(result.elapsedNs.map { Double($0) }) {
      let ratio = typical / Double(max(targetNs, 1))
      if ratio > 2 && result.iterations == 1 {
        // One operation per sample and still too long: the operation's size.
        result.outlastsSample = true
      } else if ratio > 2 || ratio < 0.5 {
        result.calibrationNote =
          "samples lasted \(Self.milliseconds(typical)) ms against a \(Self.milliseconds(Double(targetNs))) ms target"
      }
    }
    if let allocations = result.allocationSamples { result.allocationsPerOperation = Statistics.median(allocations) }
    if let bytes = result.byteSamples { result.bytesPerOperation = Statistics.median(bytes) }
    if iterationTotal > 0 {
      result.notificationsPerOperation = Double(notificationTotal) / Double(iterationTotal)
    }
    result.expectedNotificationsPerOperation = expected
    if let expected,
      let measured = result.notificationsPerOperation,
      abs(measured - expected) > 1e-9 + 1e-6 * abs(expected)
    {
      // A strategy that stopped notifying (or notifies too often) is wrong, and
      // its time would be misleading: report the case as failed instead.
      result.failure =
        "expected \(expected) notifications per operation, measured \(measured) (\(notificationTotal) in \(iterationTotal) operations)"
      return result
    }
    result.summarise(resamples: resamples, seed: seed)
    return result
  }

  // Runs `body` in the case's isolation; the timings inside do not see the hop.
  private func isolated(_ prepared: PreparedCase, _ body: @escaping () -> Void) {
    if let isolation = prepared.isolation {
      isolation(body)
    } else {
      body()
    }
  }

  /// Re-calibrates when a pass's first sample missed the target duration by more
  /// than 1.5× (a calibration timing that was pre-empted, a case that warmed up late,
  /// or a later pass whose process runs the earlier pass's count faster or slower),
  /// discarding that sample; returns whether it did.
  func recalibrateIfMissed(targetNs: UInt64) -> Bool {
    guard grossSamples.count == 1, let elapsed = result.elapsedNs.last, let prepared else { return false }
    let ratio = Double(elapsed) / Double(max(targetNs, 1))
    // Re-timed at 1.5×, flagged at 2× (``finish``): a sample that nearly missed is
    // brought back to the target, not left to drift over the flag's line.
    guard ratio > Self.retimeBand.upperBound || ratio < Self.retimeBand.lowerBound else { return false }
    // Re-time on the shortest of three: the sample that missed may itself have
    // been the pre-empted one.
    isolated(prepared) { [self] in
      result.iterations = Self.converged(prepared.run, from: result.iterations, targetNs: targetNs)
    }
    grossSamples.removeLast()
    result.elapsedNs.removeLast()
    if result.sampleRounds?.isEmpty == false { result.sampleRounds?.removeLast() }
    if result.allocationSamples?.isEmpty == false { result.allocationSamples?.removeLast() }
    if result.byteSamples?.isEmpty == false { result.byteSamples?.removeLast() }
    if result.notificationSamples?.isEmpty == false { result.notificationSamples?.removeLast() }
    if let last = result.passSampleCounts?.indices.last { result.passSampleCounts?[last] -= 1 }
    notificationTotal -= lastSampleNotifications
    iterationTotal -= lastSampleOperations
    return true
  }

  private static func milliseconds(_ nanoseconds: Double) -> String {
    String((nanoseconds / 1e4).rounded() / 100)
  }

  private static let maximumIterations = 1 << 40

  /// How far from the target a timed run may land before the count is re-timed:
  /// within 1.5×, a margin under the 2× at which samples are flagged.
  static let retimeBand = (1 / 1.5)...1.5

  /// An iteration count near `iterations` whose run lasts within 1.5× of `targetNs`.
  ///
  /// Scaling assumes time grows in proportion to iterations. It does not where a run
  /// has a ramp (a contention case's workers waking, an actor's executor warming):
  /// 24 actor hops took 4 µs each where 2 000 took 0.2 µs, so one scaling from a short
  /// run overshoots or undershoots. Each round re-times the count on the shortest of
  /// three runs (a pre-empted run only comes out longer) and scales again, at most
  /// four rounds; an operation that alone outlasts the target stays at one.
  private static func converged(_ run: (Int) -> Void, from iterations: Int, targetNs: UInt64) -> Int {
    var iterations = iterations
    for _ in 0..<4 {
      var shortest = UInt64.max
      for _ in 0..<3 { shortest = min(shortest, MonotonicClock.measure { run(iterations) }) }
      let ratio = Double(shortest) / Double(max(targetNs, 1))
      if retimeBand.contains(ratio) || (iterations == 1 && ratio > retimeBand.upperBound) { break }
      iterations = scaled(iterations, elapsed: shortest, targetNs: targetNs)
    }
    return iterations
  }

  private static func scaled(_ iterations: Int, elapsed: UInt64, targetNs: UInt64) -> Int {
    let perIteration = Double(max(elapsed, 1)) / Double(iterations)
    // An operation the optimiser reduced to nothing would otherwise ask for more
    // iterations than an Int holds.
    return Int(min(max(1, (Double(targetNs) / perIteration).rounded()), Double(maximumIterations)))
  }
}
