/// Measures the harness's own cost per operation: the loop every case wraps its
/// operation in, with an empty operation.
///
/// Times ``referenceLoop(_:operationsPerIteration:)`` the way a case is timed. The
/// runner measures it once before the first case (for the run's record and for
/// checks' long timings) and again interleaved with every group of cases, one
/// reference per loop shape (1 or ``unrollFactor`` operations per iteration),
/// whose median is then subtracted from those cases' samples: so a drift of the
/// machine between groups moves the overhead and the cases together.
enum LoopOverhead {
  /// What the reference samples say: the cost per operation and how sure it is.
  struct Estimate {
    /// The median of the reference samples, in ns per operation.
    var perOperationNs: Double
    /// Half the width of the 95% bootstrap interval of that median, in ns.
    var uncertaintyNs: Double
  }

  /// A sampler of the reference loop of `operationsPerIteration`, calibrated.
  static func sampler(configuration: RunConfiguration, operationsPerIteration: Int = 1) -> CaseSampler {
    let sampler = CaseSampler(
      result: CaseResult(suite: "harness", scenario: "loop-overhead", strategy: "harness", size: 1),
      prepared: PreparedCase(
        operationsPerIteration: operationsPerIteration,
        run: { referenceLoop($0, operationsPerIteration: operationsPerIteration) }),
      counter: nil
    )
    sampler.calibrate(targetNs: configuration.targetSampleNs, warmUpNs: configuration.warmUpNs)
    return sampler
  }

  /// The median nanoseconds per iteration of a run of single-operation reference samples.
  static func measure(configuration: RunConfiguration) -> Double {
    let sampler = sampler(configuration: configuration)
    for round in 0..<21 {
      sampler.sample(round: round)
    }
    return estimate(from: sampler, configuration: configuration).perOperationNs
  }

  /// What `sampler`'s samples show: their median and its uncertainty.
  static func estimate(from sampler: CaseSampler, configuration: RunConfiguration) -> Estimate {
    let samples = sampler.grossSamples
    guard let median = Statistics.median(samples) else { return Estimate(perOperationNs: 0, uncertaintyNs: 0) }
    let interval = Statistics.bootstrapMedianInterval(
      of: samples, resamples: configuration.bootstrapResamples, seed: configuration.seed)
    return Estimate(perOperationNs: median, uncertaintyNs: (interval.upperBound - interval.lowerBound) / 2)
  }
}
