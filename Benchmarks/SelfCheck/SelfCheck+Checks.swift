import BenchmarkKit

extension SelfCheck {
  /// The operations of the busy loop's single long timing: long enough (~0.3 s)
  /// that one timing averages out scheduling noise.
  static let longTimingOperations = 10_000_000

  static let emptyIsZero = SuiteCheck(
    name: "empty-is-zero",
    summary: "An empty operation measures within 1 ns of zero after overhead subtraction"
  ) { context in
    guard let median = context.result(scenario: "empty", strategy: strategy)?.statistics?.median else {
      return nil
    }
    return CheckOutcome(
      passed: abs(median) <= 1, measured: median, expected: 0,
      detail: "empty operation: median \(format(median)) ns/op (tolerance ±1 ns)")
  }

  static let busyLoopMatchesLongTiming = SuiteCheck(
    name: "busy-loop-matches-long-timing",
    summary: "The busy loop's median is within 5% of one long timing of the same loop"
  ) { context in
    guard let result = context.result(scenario: "busy-loop", strategy: strategy),
      let median = result.statistics?.median
    else { return nil }
    let long = try context.timeOnce(
      scenario: "busy-loop", strategy: strategy, size: 1, iterations: longTimingOperations,
      loopOverheadNs: result.loopOverheadNs)
    let deviation = median / long - 1
    return CheckOutcome(
      passed: abs(deviation) <= 0.05, measured: median, expected: long,
      detail:
        "busy loop: median \(format(median)) ns/op, one timing of \(longTimingOperations) ops \(format(long)) ns/op, deviation \(format(deviation * 100))% (tolerance ±5%)"
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
