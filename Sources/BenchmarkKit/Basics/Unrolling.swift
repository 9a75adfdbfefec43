/// How many operations a case of a few nanoseconds performs per loop iteration.
///
/// A loop iteration (counter, compare, branch) costs about a cycle; an untracked
/// read costs a few. Repeating the operation eight times per iteration makes the
/// loop an eighth of that per operation, so the operation dominates what is timed
/// and the loop cost the runner removes is small against it (see
/// ``PreparedCase/operationsPerIteration``).
public let unrollFactor = 8

/// Runs `operation` `iterations` × ``unrollFactor`` times, unrolled.
///
/// The closure is inlined eight times into the loop body, so a case written as
/// `repeatUnrolled(n) { blackHole(model.count) }` with
/// `operationsPerIteration: unrollFactor` times eight real reads per iteration.
@inlinable
@inline(__always)
public func repeatUnrolled(_ iterations: Int, _ operation: () -> Void) {
  var remaining = iterations
  while remaining > 0 {
    operation()
    operation()
    operation()
    operation()
    operation()
    operation()
    operation()
    operation()
    remaining &-= 1
  }
}

/// The loop a case of `operationsPerIteration` operations per iteration is
/// written in, with an empty operation: what the runner times to learn the
/// harness's own cost per operation.
///
/// Each empty operation passes a value to ``blackHole(_:)``, as a real one does.
@inline(never)
public func referenceLoop(_ iterations: Int, operationsPerIteration: Int = 1) {
  if operationsPerIteration == unrollFactor {
    repeatUnrolled(iterations) { blackHole(iterations) }
  } else {
    for index in 0..<iterations { blackHole(index) }
  }
}
