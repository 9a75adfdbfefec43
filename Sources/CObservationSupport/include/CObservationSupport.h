#ifndef OBSBENCH_CTHREADLOCAL_H
#define OBSBENCH_CTHREADLOCAL_H

// Thread-local slots for the thread-local tracking scope.
//
// Swift has no native thread-local storage. A C11 `_Thread_local` variable read
// through a `static inline` accessor is inlined into Swift callers by the Clang
// importer: in an executable that links the object statically it compiles to a
// single `%fs`-relative load, cheaper than `pthread_getspecific`.

/// The access list of the innermost open thread-local tracking scope, or null.
extern _Thread_local void *_Nullable obs_thread_scope;

static inline void *_Nullable obs_thread_scope_get(void) { return obs_thread_scope; }

static inline void obs_thread_scope_set(void *_Nullable scope) { obs_thread_scope = scope; }

/// This thread's pool of spare access lists, or null before its first scope.
extern _Thread_local void *_Nullable obs_thread_pool;

static inline void *_Nullable obs_thread_pool_get(void) { return obs_thread_pool; }

/// Installs `pool` as this thread's pool and arranges for `destroy(pool)` to run
/// when the thread exits, so that a thread's spare lists do not outlive it.
void obs_thread_pool_adopt(void *_Nonnull pool, void (*_Nonnull destroy)(void *_Nullable));

#endif
