/// Consumes a value so that the optimiser cannot prove it unused.
///
/// A workload passes the result of every operation it times to `blackHole(_:)`.
/// The function is never inlined, never specialised and not optimised, so from
/// the caller's side it is an opaque call that might read its argument: the
/// computation feeding it cannot be deleted or hoisted out of the loop. The cost of
/// the call itself is part of the loop overhead that the runner measures with
/// ``referenceLoop(_:)`` and subtracts.
@inline(never)
@_optimize(none)
@_semantics("optimize.sil.specialize.generic.never")
public func blackHole<T>(_ value: T) {}

/// Returns its argument through a call the optimiser cannot see into.
///
/// Use it in set-up to hide a constant (a size, a start value) from the optimiser
/// so that a timed loop is not folded at compile time.
@inline(never)
@_optimize(none)
@_semantics("optimize.sil.specialize.generic.never")
public func identity<T>(_ value: T) -> T { value }

/// The loop every workload writes around its operation, with an empty operation.
///
/// The runner times it to learn the per-iteration cost of `for _ in 0..<n` plus one
/// ``blackHole(_:)`` call, and subtracts that cost from every sample, so that a
/// case reports the cost of its operation alone.
@inline(never)
public func referenceLoop(_ iterations: Int) {
  for index in 0..<iterations {
    blackHole(index)
  }
}
