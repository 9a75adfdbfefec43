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

// Markers of the measured region for callgrind.
//
// `obsbench run --metric instructions` runs under
// `valgrind --tool=callgrind --zero-before=obsbench_measure_begin
// --dump-before=obsbench_measure_end`: entering the first zeroes every counter,
// entering the second writes them out, so each dump holds exactly what ran in
// between, on every thread. Plain C symbols keep the names callgrind matches free
// of Swift mangling; outside valgrind they are two empty calls.

/// Executes exactly one instruction (its return): a call of known cost.
void obsbench_known_empty(void);

/// Executes exactly 65 instructions (64 no-ops and its return), whatever the
/// build: `obsbench_known_nops64` minus `obsbench_known_empty` is 64 instructions,
/// the known difference the instructions metric's tests check.
void obsbench_known_nops64(void);

/// Marks the start of a measured region (callgrind zeroes its counters on entry).
void obsbench_measure_begin(void);

/// Marks the end of a measured region (callgrind dumps its counters on entry).
void obsbench_measure_end(void);

/// Asks the kernel to send this process SIGTERM when the process that started it
/// dies (Linux `prctl(PR_SET_PDEATHSIG)`), and returns whether it could. A pass
/// or callgrind child of `obsbench run` runs in a process group of its own, so a
/// Ctrl-C or a SIGKILL aimed at the parent alone would otherwise leave it
/// measuring; 0 where the call is not available.
int obsbench_die_with_parent(void);

/// Calls `body(context)` with the stack moved down by `bytes` (rounded up to
/// 16): a buffer of that size is allocated on the stack first (`alloca`),
/// whatever its size, where Swift's temporary allocation may go to the heap.
void obsbench_with_stack_offset(
  uint64_t bytes, void (*_Nonnull body)(void *_Nullable context), void *_Nullable context);

#endif
