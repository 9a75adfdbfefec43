/// Measures the per-iteration cost of the loop every case wraps its operation in.
///
/// Times ``referenceLoop(_:)`` — `for i in 0..<n { blackHole(i) }` — the way a
/// case is timed, and returns the median nanoseconds per iteration after the
/// fixed cost of a timed call. The runner subtracts it from every sample, so an
/// empty operation measures zero and a real one measures its own cost.
enum LoopOverhead {
  static func measure(configuration: RunConfiguration) -> Double {
    let sampler = CaseSampler(
      result: CaseResult(suite: "harness", scenario: "loop-overhead", strategy: "harness", size: 1),
      prepared: PreparedCase(run: referenceLoop),
      counter: nil,
      loopOverheadNs: 0
    )
    sampler.calibrate(targetNs: configuration.targetSampleNs, warmUpNs: configuration.warmUpNs)
    for _ in 0..<max(configuration.samples, 21) {
      sampler.sample()
    }
    return Statistics.median(sampler.result.samples) ?? 0
  }
}
