extension CaseSampler {
  /// Takes `iterations` from an earlier pass's calibration instead of finding
  /// them again: warms up for `warmUpNs` at that count and measures the fixed
  /// cost of a timed call, as ``calibrate(targetNs:warmUpNs:)`` does.
  func adopt(iterations: Int, warmUpNs: UInt64) {
    guard let prepared else { return }
    isolated(prepared) { [self] in
      result.iterations = Self.whole(iterations, multiple: iterationMultiple)
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
      let multiple = iterationMultiple
      let start = MonotonicClock.now()
      var iterations = multiple
      var elapsed = MonotonicClock.measure { run(iterations) }
      // Grow fast while far below the target, then double, so that calibration
      // costs little more than one sample.
      while elapsed < targetNs / 4 && iterations < Self.maximumIterations {
        iterations *= elapsed < targetNs / 100 ? 10 : 2
        elapsed = MonotonicClock.measure { run(iterations) }
      }
      let grown = iterations
      iterations = Self.scaled(iterations, elapsed: elapsed, targetNs: targetNs, multiple: multiple)
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
      if iterations > multiple || elapsed < targetNs &* 2 {
        for _ in 0..<2 { elapsed = min(elapsed, MonotonicClock.measure { run(iterations) }) }
      }
      result.iterations = Self.converged(
        run, from: Self.scaled(iterations, elapsed: elapsed, targetNs: targetNs, multiple: multiple),
        targetNs: targetNs, multiple: multiple)
      var fixed = (0..<15).map { _ in Double(MonotonicClock.measure { run(0) }) }
      fixed.sort()
      result.fixedOverheadNs = fixed[fixed.count / 2]
    }
  }

  static let maximumIterations = 1 << 40

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
  /// four rounds; an operation that alone outlasts the target stays at one
  /// round. Every count is a whole number of rounds of `multiple` iterations.
  static func converged(_ run: (Int) -> Void, from iterations: Int, targetNs: UInt64, multiple: Int = 1) -> Int {
    var iterations = whole(iterations, multiple: multiple)
    for _ in 0..<4 {
      var shortest = UInt64.max
      for _ in 0..<3 { shortest = min(shortest, MonotonicClock.measure { run(iterations) }) }
      let ratio = Double(shortest) / Double(max(targetNs, 1))
      if retimeBand.contains(ratio) || (iterations == multiple && ratio > retimeBand.upperBound) { break }
      iterations = scaled(iterations, elapsed: shortest, targetNs: targetNs, multiple: multiple)
    }
    return iterations
  }

  private static func scaled(_ iterations: Int, elapsed: UInt64, targetNs: UInt64, multiple: Int) -> Int {
    let perIteration = Double(max(elapsed, 1)) / Double(iterations)
    // An operation the optimiser reduced to nothing would otherwise ask for more
    // iterations than an Int holds.
    let count = Int(min(max(1, (Double(targetNs) / perIteration).rounded()), Double(maximumIterations)))
    return whole(count, multiple: multiple)
  }

  /// `iterations` rounded to the nearest whole number of rounds of `multiple`,
  /// one round at least.
  static func whole(_ iterations: Int, multiple: Int) -> Int {
    guard multiple > 1 else { return max(1, iterations) }
    let rounds = (max(1, iterations) &+ multiple / 2) / multiple
    return max(1, rounds) &* multiple
  }
}
