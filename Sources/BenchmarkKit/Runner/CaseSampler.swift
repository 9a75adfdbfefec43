/// Takes the samples of one case: calibration, warm-up, then one sample per call,
/// each inside the case's isolation; between passes the prepared case is torn
/// down and a freshly prepared one takes over, at the calibrated iteration count.
///
/// A reference type because the runner's timing closures, which may run on
/// another executor, record into it; the isolation function's wait orders those
/// accesses. Calibration is in `CaseSampler+Calibration.swift`, the pass's
/// summary in `CaseSampler+Finish.swift`.
final class CaseSampler {
  /// The case's result, filled in by calibration and by ``finish``.
  var result: CaseResult
  /// The case being sampled; `nil` between passes.
  var prepared: PreparedCase?
  /// Its loop's shape, which every pass's preparation shares.
  let operationsPerIteration: Int
  /// The iterations of one whole round of the workload: every count is a
  /// multiple of it (``PreparedCase/iterationMultiple``).
  let iterationMultiple: Int
  /// The notifications one operation must cause, as the case declared.
  let expected: Double?
  let counter: AllocationCounter?
  /// Whether the case counts its notifications.
  let countsNotifications: Bool
  /// The samples of this pass, in the order taken.
  private(set) var samples = [Sample]()

  /// A defect to build in on purpose (``HarnessFault``), or `nil`.
  var fault: HarnessFault?

  init(result: CaseResult, prepared: PreparedCase, counter: AllocationCounter?) {
    self.result = result
    self.prepared = prepared
    self.counter = counter
    self.operationsPerIteration = prepared.operationsPerIteration
    self.iterationMultiple = max(1, prepared.iterationMultiple)
    self.expected = prepared.expectedNotificationsPerOperation
    self.countsNotifications = prepared.notifications != nil
    self.result.operationsPerIteration = prepared.operationsPerIteration
  }

  var sampleCount: Int { samples.count }

  /// Nanoseconds per operation of each sample, fixed cost subtracted, loop cost not yet.
  var grossSamples: [Double] { samples.map(\.grossNs) }

  /// Tears the case down and lets it go.
  func endPass() {
    prepared?.tearDown?()
    prepared = nil
  }

  /// Takes one sample in `round` of the pass: counters before, the timed run,
  /// counters after; with the stack moved by `stackOffset` bytes
  /// (``StackPlacement``) where the run moves it, on the thread that runs it.
  func sample(round: Int, stackOffset: Int? = nil) {
    guard let prepared else { return }
    isolated(prepared) { [self] in
      let iterations = result.iterations
      let notificationsBefore = prepared.notifications?()
      let allocationsBefore = counter?.snapshot()
      // What calibration, warm-up or a dropped sample left is not this sample's.
      _ = prepared.latencies?()
      let elapsed: UInt64
      if let stackOffset {
        var shifted: UInt64 = 0
        StackPlacement.run(offsetBy: stackOffset) { shifted = Self.timed(prepared, iterations) }
        elapsed = shifted
      } else {
        elapsed = Self.timed(prepared, iterations)
      }
      let allocationsAfter = counter?.snapshot()
      let notificationsAfter = prepared.notifications?()

      var sample = Sample(
        round: round, stackOffset: stackOffset, elapsedNs: elapsed, iterations: iterations,
        operationsPerIteration: prepared.operationsPerIteration,
        timedOperationsPerIteration: fault == .unrollingIgnored ? 1 : prepared.operationsPerIteration,
        fixedOverheadNs: result.fixedOverheadNs)
      if let before = allocationsBefore, let after = allocationsAfter {
        (sample.allocations, sample.bytes) = after.since(before)
      }
      if let before = notificationsBefore, let after = notificationsAfter {
        sample.notifications = after - before
      }
      sample.latencies = prepared.latencies?()
      samples.append(sample)
    }
  }

  /// Runs the case for as long as one sample, untimed and uncounted, before a
  /// turn's samples (``RunConfiguration/samplesPerTurn``).
  func warmUp() {
    guard let prepared else { return }
    isolated(prepared) { [self] in prepared.run(result.iterations) }
  }

  /// The timed region: `iterations` of the case between two clock reads, in ns.
  @inline(__always)
  private static func timed(_ prepared: PreparedCase, _ iterations: Int) -> UInt64 {
    let start = MonotonicClock.now()
    prepared.run(iterations)
    return MonotonicClock.now() &- start
  }

  /// Re-calibrates when a pass's first sample missed the target duration by more
  /// than 1.5× (a calibration timing that was pre-empted, a case that warmed up late,
  /// or a later pass whose process runs the earlier pass's count faster or slower),
  /// discarding that sample; returns whether it did.
  func recalibrateIfMissed(targetNs: UInt64) -> Bool {
    guard samples.count == 1, let elapsed = samples.last?.elapsedNs, let prepared else { return false }
    let ratio = Double(elapsed) / Double(max(targetNs, 1))
    // Re-timed at 1.5×, flagged at 2× (``finish``): a sample that nearly missed is
    // brought back to the target, not left to drift over the flag's line.
    guard ratio > Self.retimeBand.upperBound || ratio < Self.retimeBand.lowerBound else { return false }
    // Re-time on the shortest of three: the sample that missed may itself have
    // been the pre-empted one.
    isolated(prepared) { [self] in
      result.iterations = Self.converged(
        prepared.run, from: result.iterations, targetNs: targetNs, multiple: iterationMultiple)
    }
    samples.removeLast()
    return true
  }

  // Runs `body` in the case's isolation; the timings inside do not see the hop.
  func isolated(_ prepared: PreparedCase, _ body: @escaping () -> Void) {
    if let isolation = prepared.isolation {
      isolation(body)
    } else {
      body()
    }
  }
}
