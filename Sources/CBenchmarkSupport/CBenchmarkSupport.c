#include "CBenchmarkSupport.h"

void obsbench_empty_call(void) {
  __asm__ volatile("" : : : "memory");
}

__attribute__((noinline)) void obsbench_measure_begin(void) {
  __asm__ volatile("" : : : "memory");
}

__attribute__((noinline)) void obsbench_measure_end(void) {
  __asm__ volatile("" : : : "memory");
}

// Naked: no prologue or epilogue, so the instruction counts are exactly those
// written here in every build configuration.
__attribute__((naked, noinline)) void obsbench_known_empty(void) {
  __asm__ volatile("ret");
}

__attribute__((naked, noinline)) void obsbench_known_nops64(void) {
  __asm__ volatile(".rept 64\n\tnop\n\t.endr\n\tret");
}
