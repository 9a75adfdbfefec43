extension CaseSampler {
  /// How precisely the samples so far know their median: the half-width of its
  /// 95% interval relative to the median, from the interquartile range (IQR /
  /// 1.349 estimates σ; the median's standard error is 1.2533 σ / √n for normal
  /// noise). Interpolated quartiles see one outlier among three samples, where
  /// the median absolute deviation would be zero. Infinite with fewer than two
  /// samples or a median at zero.
  var relativeHalfWidth: Double {
    guard samples.count >= 2 else { return .infinity }
    let sorted = grossSamples.sorted()
    let median = Statistics.percentile(0.5, ofSorted: sorted)
    guard median > 0 else { return .infinity }
    let spread = Statistics.percentile(0.75, ofSorted: sorted) - Statistics.percentile(0.25, ofSorted: sorted)
    return 1.96 * 1.2533 * spread / 1.349 / Double(sorted.count).squareRoot() / median
  }

  /// Subtracts the loop cost, summarises the samples, checks the notifications,
  /// and tears the case down: the case's result for this pass.
  ///
  /// - Parameters:
  ///   - overhead: The harness's cost per operation for a loop of this case's shape.
  ///   - targetNs: The duration a sample aimed at; samples whose median misses it
  ///     by more than 2× are noted in ``CaseResult/calibrationNote``, unless one
  ///     operation alone outlasts it (``CaseResult/outlastsSample``).
  ///   - measuresFootprint: Whether to measure the memory the case's things
  ///     hold (``PreparedCase/footprint``): in the first pass only, since it
  ///     builds n of them again and bytes do not drift as time does.
  func finish(
    overhead: LoopOverhead.Estimate, targetNs: UInt64, resamples: Int, seed: UInt64, measuresFootprint: Bool
  ) -> CaseResult {
    if measuresFootprint { measureFootprint() }
    endPass()
    recordSamples()
    result.loopOverheadNs = overhead.perOperationNs
    result.loopUncertaintyNs = overhead.uncertaintyNs
    result.samples = grossSamples.map { $0 - overhead.perOperationNs }
    // `map(Double.init)` would pick `init(bitPattern:)` for UInt64: spell it out.
    if let typical = Statistics.median(result.elapsedNs.map { Double($0) }) {
      let ratio = typical / Double(max(targetNs, 1))
      if ratio > 2 && result.iterations == iterationMultiple {
        // One operation per sample and still too long: the operation's size.
        result.outlastsSample = true
      } else if ratio > 2 || ratio < 0.5 {
        result.calibrationNote =
          "samples lasted \(Self.milliseconds(typical)) ms against a \(Self.milliseconds(Double(targetNs))) ms target"
      }
    }
    if let allocations = result.allocationSamples { result.allocationsPerOperation = Statistics.median(allocations) }
    if let bytes = result.byteSamples { result.bytesPerOperation = Statistics.median(bytes) }
    let counted = samples.filter { $0.notifications != nil }
    let notificationTotal = counted.reduce(0) { $0 + $1.notifications! }
    let operationTotal = counted.reduce(0) { $0 + $1.operations }
    if operationTotal > 0 {
      result.notificationsPerOperation = Double(notificationTotal) / Double(operationTotal)
    }
    result.expectedNotificationsPerOperation = expected
    if let held = result.heldMemory, held.leftBytes > held.allowedLeftBytes {
      result.failure =
        "the fixture left \(Int(held.leftBytes)) bytes behind after freeing its \(held.items) things (at most "
        + "\(Int(held.allowedLeftBytes)) may stay): something it made outlived it"
      return result
    }
    if let expected,
      let measured = result.notificationsPerOperation,
      abs(measured - expected) > 1e-9 + 1e-6 * abs(expected)
    {
      // A strategy that stopped notifying (or notifies too often) is wrong, and
      // its time would be misleading: report the case as failed instead.
      result.failure =
        "expected \(expected) notifications per operation, measured \(measured) (\(notificationTotal) in "
        + "\(operationTotal) operations)"
      return result
    }
    result.summarise(resamples: resamples, seed: seed)
    return result
  }

  /// Writes the samples into the result's per-sample arrays, one pass's worth.
  private func recordSamples() {
    result.elapsedNs += samples.map(\.elapsedNs)
    let latencies = samples.compactMap(\.latencies)
    if !latencies.isEmpty { result.latency = LatencyHistogram(merging: latencies) }
    result.sampleRounds = samples.map(\.round)
    let offsets = samples.compactMap(\.stackOffset)
    result.sampleStackOffsets = offsets.count == samples.count && !offsets.isEmpty ? offsets : nil
    result.passSampleCounts = [samples.count]
    if counter != nil {
      result.allocationSamples = samples.compactMap(\.allocationsPerOperation)
      result.byteSamples = samples.compactMap(\.bytesPerOperation)
    }
    if countsNotifications {
      result.notificationSamples = samples.compactMap(\.notificationsPerOperation)
    }
  }

  private static func milliseconds(_ nanoseconds: Double) -> String {
    String((nanoseconds / 1e4).rounded() / 100)
  }

  /// Measures the memory the things one operation makes hold, once per pass,
  /// inside the case's isolation and outside the clock.
  private func measureFootprint() {
    guard let prepared, let probe = prepared.footprint else { return }
    let measured = FootprintBox()
    isolated(prepared) { measured.value = probe() }
    result.heldMemory = measured.value
  }
}

/// Carries a footprint out of the isolation it was measured in.
private final class FootprintBox: @unchecked Sendable {
  var value: HeldMemory?
}
