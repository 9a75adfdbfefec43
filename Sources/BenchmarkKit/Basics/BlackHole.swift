import CBenchmarkSupport

/// Consumes a value so that the optimiser cannot prove it unused.
///
/// A workload passes the result of every operation it times to `blackHole(_:)`.
/// It compiles to an empty inline-assembly barrier that takes the value's address
/// and clobbers memory: the value must be computed and stored, and every later
/// read of memory must really happen (nothing is kept in a register across it).
/// That costs one store, a fraction of a nanosecond, where the opaque call it
/// replaced cost ~2 ns: more than the reads it guarded, and enough to make their
/// figures differences of two noise-sized numbers. Integers, doubles and
/// Booleans have overloads that escape from a register and cost nothing.
@inlinable
@inline(__always)
public func blackHole<T>(_ value: T) {
  withUnsafePointer(to: value) { obsbench_escape($0) }
}

/// Consumes an integer from a register: no store, so nothing but the operation
/// that produced it is timed.
@inlinable
@inline(__always)
public func blackHole(_ value: Int) {
  obsbench_escape_word(UInt64(bitPattern: Int64(value)))
}

/// Consumes an unsigned integer from a register.
@inlinable
@inline(__always)
public func blackHole(_ value: UInt64) {
  obsbench_escape_word(value)
}

/// Consumes a double from a register.
@inlinable
@inline(__always)
public func blackHole(_ value: Double) {
  obsbench_escape_word(value.bitPattern)
}

/// Consumes a Boolean from a register.
@inlinable
@inline(__always)
public func blackHole(_ value: Bool) {
  obsbench_escape_word(value ? 1 : 0)
}

/// Tells the optimiser that any memory may have changed here, at no run-time cost.
///
/// Use it between operations that write, so a write is not merged with the next.
@inlinable
@inline(__always)
public func clobberMemory() {
  obsbench_clobber()
}

/// Returns its argument through a call the optimiser cannot see into.
///
/// Use it in set-up to hide a constant (a size, a start value) from the optimiser
/// so that a timed loop is not folded at compile time.
@inline(never)
@_optimize(none)
@_semantics("optimize.sil.specialize.generic.never")
public func identity<T>(_ value: T) -> T { value }

/// Returns `value` through a register the optimiser cannot see into, for free.
///
/// A chain `v = opaque(v &* a &+ b)` costs exactly its multiply and add per
/// step: the compiler can neither fold nor vectorise it. The self-checks use such
/// chains as operations of known relative cost.
@inlinable
@inline(__always)
public func opaque(_ value: UInt64) -> UInt64 {
  obsbench_opaque(value)
}
