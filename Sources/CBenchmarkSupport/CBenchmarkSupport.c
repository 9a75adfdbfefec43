#ifdef __linux__
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>
#endif
#include <alloca.h>
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

void obsbench_with_stack_offset(uint64_t bytes, void (*body)(void *context), void *context) {
  char *pad = alloca((bytes + 15) & ~(uint64_t)15);
  // Escaped, so the allocation cannot be dropped.
  obsbench_escape(pad);
  body(context);
  obsbench_escape(pad);
}
