import CBenchmarkSupport

/// Runs `iterations` loop iterations of `prepared` between the two callgrind
/// markers: the region an instruction count covers.
///
/// Under `valgrind --tool=callgrind --zero-before=obsbench_measure_begin
/// --dump-before=obsbench_measure_end` each call writes one dump holding exactly
/// the instructions executed in between, on every thread. The call into the case's
/// closure and the markers themselves cost the same at every iteration count, so
/// differencing two counts removes them exactly (see ``InstructionCount``).
/// Outside valgrind the markers are two empty calls.
///
/// - Parameters:
///   - prepared: The case, set up and warmed up.
///   - iterations: Loop iterations, each of
///     ``PreparedCase/operationsPerIteration`` operations.
@inline(never)
public func measuredRegion(_ prepared: PreparedCase, _ iterations: Int) {
  obsbench_measure_begin()
  prepared.run(iterations)
  obsbench_measure_end()
}
