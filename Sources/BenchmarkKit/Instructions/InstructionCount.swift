/// Instructions per operation from the instruction counts of one case at three
/// evenly spaced iteration counts.
///
/// A count at `n` iterations is `fixed + n × perIteration`: the fixed part (the
/// call into the closure, the markers, a first-call lazy path) is the same at
/// every `n`, so the difference of two counts is exactly `Δn × perIteration`.
/// Three counts give two such differences; for a deterministic operation they are
/// equal to the instruction, and when they are not (an allocator's slow path, a
/// buffer that grows, another thread's work) the case says so in ``note``.
public struct InstructionCount: Hashable, Sendable {
  /// Instructions per operation, the loop's own (the reference loop's) removed.
  public var perOperation: Double
  /// Instructions per operation of the loop alone (the reference), subtracted.
  public var loopPerOperation: Double
  /// Why the count may vary, when the two differences disagree; `nil` when exact.
  public var note: String?

  /// The largest relative disagreement between the two differences still called exact.
  public static let exactTolerance = 0.001

  /// Computes the count from three measurements.
  ///
  /// - Parameters:
  ///   - counts: Instructions of the region at `step`, `2 × step` and `3 × step`
  ///     iterations, in that order.
  ///   - step: The iteration step.
  ///   - operationsPerIteration: Operations per loop iteration.
  ///   - loopPerOperation: The reference loop's instructions per operation.
  public init(
    counts: [UInt64], step: Int, operationsPerIteration: Int, loopPerOperation: Double
  ) {
    precondition(counts.count == 3 && step > 0 && operationsPerIteration > 0)
    let operations = Double(step * operationsPerIteration)
    let first = (Double(counts[1]) - Double(counts[0])) / operations
    let second = (Double(counts[2]) - Double(counts[1])) / operations
    self.loopPerOperation = loopPerOperation
    perOperation = (first + second) / 2 - loopPerOperation
    let scale = max(abs(first), abs(second), 1)
    if abs(first - second) / scale > Self.exactTolerance {
      note =
        "varies: \(Self.format(first - loopPerOperation)) then \(Self.format(second - loopPerOperation)) per "
          + "operation over two equal stretches of iterations (a path that depends on state or data)"
    }
  }

  /// The loop's own instructions per operation from a reference loop's counts.
  ///
  /// - Parameters:
  ///   - counts: Instructions of the reference region at `step`, `2 × step`, `3 × step`.
  ///   - step: The iteration step.
  ///   - operationsPerIteration: The loop shape: 1 or ``unrollFactor``.
  public static func reference(counts: [UInt64], step: Int, operationsPerIteration: Int) -> Double {
    precondition(counts.count == 3 && step > 0)
    return (Double(counts[2]) - Double(counts[0])) / Double(2 * step * operationsPerIteration)
  }

  private static func format(_ value: Double) -> String {
    String(Double((value * 100).rounded()) / 100)
  }
}
