#ifndef OBSBENCH_CJEMALLOC_SHIM_H
#define OBSBENCH_CJEMALLOC_SHIM_H
// Debian's libjemalloc-dev builds jemalloc without a symbol prefix, so linking it
// replaces malloc for the whole process and `mallctl` reads its statistics.
#include <jemalloc/jemalloc.h>
#endif
