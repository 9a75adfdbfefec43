#include "CBenchmarkSupport.h"

void obsbench_empty_call(void) {
  __asm__ volatile("" : : : "memory");
}
