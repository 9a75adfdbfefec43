#ifndef OBSBENCH_CBENCHMARKSUPPORT_H
#define OBSBENCH_CBENCHMARKSUPPORT_H

// Optimisation barriers for the measured loops.
//
// Swift has no inline assembly. These `static inline` functions are inlined into
// Swift callers by the Clang importer, so each barrier costs at most a register
// spill, not a call: an empty `asm volatile` that takes the address of a value and
// clobbers memory makes the compiler materialise the value, assume it was read,
// and assume any memory may have changed (so the next read of a property is a
// real load, not a value kept from the previous iteration).

#include <stdint.h>

/// Pretends to read `*pointer` and to write any memory.
static inline __attribute__((always_inline)) void obsbench_escape(const void *_Nullable pointer) {
  __asm__ volatile("" : : "r"(pointer) : "memory");
}

/// Pretends to read `value` from a register and to write any memory: the
/// cheapest escape, for a value that fits in a register (no store needed).
static inline __attribute__((always_inline)) void obsbench_escape_word(uint64_t value) {
  __asm__ volatile("" : : "r"(value) : "memory");
}

/// Pretends to write any memory.
static inline __attribute__((always_inline)) void obsbench_clobber(void) {
  __asm__ volatile("" : : : "memory");
}

/// Returns `value` through a register the compiler cannot see into, so a chain of
/// operations on it cannot be folded, vectorised or strength-reduced.
static inline __attribute__((always_inline)) uint64_t obsbench_opaque(uint64_t value) {
  __asm__ volatile("" : "+r"(value));
  return value;
}

/// A never-inlined, empty function: a call the optimiser cannot remove, for tests
/// that need a known, fixed cost.
void obsbench_empty_call(void);

#endif
