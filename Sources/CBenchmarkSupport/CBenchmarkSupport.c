#ifdef __linux__
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>
#endif
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

int obsbench_die_with_parent(void) {
#ifdef __linux__
  if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) return 0;
  return 1;
#else
  return 0;
#endif
}
