/// Measures the per-iteration cost of the loop every case wraps its operation in.
///
/// Times ``referenceLoop(_:)`` — `for i in 0..<n { blackHole(i) }` — the way a
/// case is timed. The runner measures it once before the first case (for the
/// run's record and for checks' long timings) and again interleaved with every
/// group of cases, whose samples it is then subtracted from: so an empty
/// operation measures zero, and a drift of the machine between groups moves the
/// overhead and the cases together.
enum LoopOverhead {
  /// A sampler of the reference loop, calibrated and ready to sample.
  static func sampler(configuration: RunConfiguration) -> CaseSampler {
    let sampler = CaseSampler(
      result: CaseResult(suite: "harness", scenario: "loop-overhead", strategy: "harness", size: 1),
      prepared: PreparedCase(run: referenceLoop),
      counter: nil
    )
    sampler.calibrate(targetNs: configuration.targetSampleNs, warmUpNs: configuration.warmUpNs)
    return sampler
  }

  /// The median nanoseconds per iteration of a run of reference samples.
  static func measure(configuration: RunConfiguration) -> Double {
    let sampler = sampler(configuration: configuration)
    for _ in 0..<max(configuration.samples, 21) {
      sampler.sample()
    }
    return estimate(from: sampler)
  }

  /// The overhead `sampler`'s samples show: their median.
  static func estimate(from sampler: CaseSampler) -> Double {
    Statistics.median(sampler.grossSamples) ?? 0
  }
}
