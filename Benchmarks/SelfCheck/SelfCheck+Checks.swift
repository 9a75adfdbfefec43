import BenchmarkKit

extension SelfCheck {
  /// Time grows in proportion to the work: `mul-chain` at 2, 8 and 32 steps.
  ///
  /// A harness that subtracts the wrong overhead, or divides by the wrong count,
  /// adds or removes a constant per operation, which a 2-step chain (~2.5 ns)
  /// shows as a per-step cost away from the 32-step chain's.
  ///
  /// The tolerance is 5% below and 10% above: a short chain really does cost a
  /// little more than its share (measured here: 0-9% at N = 2, under 1% at N = 8),
  /// because its slice of the loop's branch and black hole is only partly hidden
  /// behind the multiplies; a harness that removes more than its own cost — the
  /// defect that once published negative times — reports less, and fails.
  static let chainScalesLinearly = SuiteCheck(
    name: "mul-chain-scales-linearly",
    summary: "A chain of N dependent multiply-adds costs N times one step, within −5%/+10%, for N = 2, 8, 32"
  ) { context in
    let medians = chainLengths.compactMap { length in
      context.result(scenario: "mul-chain", strategy: strategy, size: length)?.statistics?.median
    }
    guard medians.count == chainLengths.count, let longest = medians.last else { return nil }
    let perStep = longest / Double(chainLengths.last!)
    let deviations = zip(chainLengths, medians).map { length, median in median / (perStep * Double(length)) - 1 }
    let worst = deviations.max { abs($0) < abs($1) } ?? 0
    let listed = zip(chainLengths, medians).map { "\($0): \(format($1)) ns" }.joined(separator: ", ")
    return CheckOutcome(
      passed: deviations.allSatisfy { $0 >= -0.05 && $0 <= 0.10 }, measured: worst, expected: 0,
      detail:
        "mul-chain \(listed); per step \(format(perStep)) ns from N = 32; worst deviation \(format(worst * 100))% "
          + "(tolerance −5%/+10%)"
    )
  }

  /// The same operation agrees at one and at eight operations per loop iteration.
  static let unrollFactorsAgree = SuiteCheck(
    name: "unroll-factors-agree",
    summary: "A 32-step chain measures the same, within 5%, at 1 and at 8 operations per loop iteration"
  ) { context in
    guard let unrolled = context.result(scenario: "mul-chain", strategy: strategy, size: 32)?.statistics?.median,
      let single = context.result(scenario: "mul-chain-single", strategy: strategy)?.statistics?.median
    else { return nil }
    let deviation = single / unrolled - 1
    return CheckOutcome(
      passed: abs(deviation) <= 0.05, measured: single, expected: unrolled,
      detail:
        "32-step chain: \(format(unrolled)) ns unrolled ×8, \(format(single)) ns one per iteration, deviation "
          + "\(format(deviation * 100))% (tolerance ±5%)"
    )
  }

  /// The loop the runner subtracts nets to zero when timed as a case.
  ///
  /// The tolerance, 0.1 ns per operation, is twice an eighth of the whole
  /// eight-operation loop measured here (~0.05 ns): wide for placement noise,
  /// narrow against the single-operation loop's ~0.3-0.5 ns.
  static let emptyBodyNetsZero = SuiteCheck(
    name: "empty-body-nets-zero",
    summary: "The harness's own eight-operation loop, timed as a case, nets to zero within 0.1 ns per operation"
  ) { context in
    guard let median = context.result(scenario: "empty-body", strategy: strategy)?.statistics?.median else {
      return nil
    }
    return CheckOutcome(
      passed: abs(median) <= emptyBodyToleranceNs, measured: median, expected: 0,
      detail:
        "empty-body: \(format(median)) ns per operation after the loop's cost is subtracted (tolerance "
          + "±\(emptyBodyToleranceNs) ns)"
    )
  }

  /// How far from zero `empty-body` may net, in ns per operation.
  static let emptyBodyToleranceNs = 0.1

  /// An operation of known cost is measured at that cost.
  static let injectedMeasuredExactly = SuiteCheck(
    name: "injected-10ns-measured",
    summary: "An operation sized to ~10 ns by one long raw timing measures that cost within 10%"
  ) { context in
    guard let median = context.result(scenario: "injected-10ns", strategy: strategy)?.statistics?.median else {
      return nil
    }
    let expected = Double(injectedSteps) * rawStepNanoseconds()
    let deviation = median / expected - 1
    return CheckOutcome(
      passed: abs(deviation) <= 0.10, measured: median, expected: expected,
      detail:
        "injected: \(injectedSteps) steps, \(format(expected)) ns by a raw timing, measured \(format(median)) ns, "
          + "deviation \(format(deviation * 100))% (tolerance ±10%)"
    )
  }

  static let oneAllocationPerOperation = SuiteCheck(
    name: "one-allocation-per-operation",
    summary: "Allocating one 32-byte object per operation counts 1 allocation and 32 bytes per operation"
  ) { context in
    guard let result = context.result(scenario: "allocate", strategy: strategy), result.failure == nil else {
      return nil
    }
    guard let allocations = result.allocationsPerOperation, let bytes = result.bytesPerOperation else {
      // Sanitizers replace malloc, so jemalloc cannot count; that is not a
      // harness failure, and the environment already says so.
      throw CheckSkipped("allocations are unavailable: \(context.run.environment.allocator)")
    }
    let expectedBytes = Double(32)
    return CheckOutcome(
      passed: abs(allocations - 1) <= 0.01 && abs(bytes - expectedBytes) <= 0.01 * expectedBytes,
      measured: allocations, expected: 1,
      detail: "allocate: \(format(allocations)) allocations and \(format(bytes)) bytes per op (expected 1 and 32, ±1%)")
  }

  static let linearSumGrowsLinearly = SuiteCheck(
    name: "linear-sum-grows-linearly",
    summary: "The growth exponent of summing n integers is 1 ± 0.2"
  ) { context in
    guard let fit = context.fit(scenario: "linear-sum", strategy: strategy) else { return nil }
    return CheckOutcome(
      passed: abs(fit.exponent - 1) <= 0.2, measured: fit.exponent, expected: 1,
      detail: "linear-sum: growth exponent \(format(fit.exponent)) over sizes \(fit.sizes) (tolerance 1 ± 0.2)")
  }

  private static func format(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return "\(rounded)"
  }
}
