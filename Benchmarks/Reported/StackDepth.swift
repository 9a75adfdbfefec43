import BenchmarkKit

/// Calls a closure from a stack a given number of frames deeper than the
/// caller's: where a read sits in a large app's call stack.
enum StackDepth {
  /// Calls `body` from `depth` frames of this function below the caller.
  ///
  /// Each level is a real frame: the function is never inlined, the depth it
  /// passes down goes through an optimisation barrier, and it does work after
  /// the recursive call (so the call is no tail call the optimiser could turn
  /// into a jump, and the recursion cannot become a loop).
  @inline(never)
  static func call(_ depth: Int, _ body: () -> Void) {
    guard depth > 0 else {
      body()
      return
    }
    call(Int(truncatingIfNeeded: opaque(UInt64(truncatingIfNeeded: depth - 1))), body)
    blackHole(depth)
  }
}
