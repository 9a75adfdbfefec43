#ifndef OBSBENCH_CTHREADLOCAL_H
#define OBSBENCH_CTHREADLOCAL_H

// One thread-local slot for the thread-local tracking scope.
//
// Swift has no native thread-local storage. A C11 `_Thread_local` variable read
// through a `static inline` accessor is inlined into Swift callers by the Clang
// importer: in an executable that links the object statically it compiles to a
// single `%fs`-relative load, cheaper than `pthread_getspecific`.

extern _Thread_local void *_Nullable obs_thread_scope;

static inline void *_Nullable obs_thread_scope_get(void) { return obs_thread_scope; }

static inline void obs_thread_scope_set(void *_Nullable scope) { obs_thread_scope = scope; }

#endif
