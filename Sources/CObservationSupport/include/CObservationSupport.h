#ifndef OBSBENCH_COBSERVATIONSUPPORT_H
#define OBSBENCH_COBSERVATIONSUPPORT_H

// Thread-local slots of the tracking scopes, the `+checked` render state and the
// store, and the process-wide words a `task` read tests when its thread has no
// scope published (the count of open async scopes, and the render gate beside it).
//
// Swift has no native thread-local storage. A C11 `_Thread_local` variable read
// through a `static inline` accessor is inlined into Swift callers by the Clang
// importer: in an executable that links the object statically it compiles to a
// single `%fs`-relative load, cheaper than `pthread_getspecific`. The variables
// are declared initial-exec: SwiftPM compiles with -fPIC, which would otherwise
// route every access through `__tls_get_addr` (a call, ~10 ns).

#define OBS_TLS _Thread_local __attribute__((tls_model("initial-exec")))

/// The access list of the innermost open thread-local tracking scope, or null.
extern OBS_TLS void *_Nullable obs_thread_scope;

/// What a `+checked` read with a `thread` scope asks, kept in step with the scope and
/// the render state so that the read asks one thread-local: the open scope's list;
/// else 1 (an impossible address) while a render runs on this thread with checking
/// on; else null. Maintained by the two setters below, never written directly.
extern OBS_TLS void *_Nullable obs_thread_checked;

/// Nonzero while a synchronous render pass runs on this thread outside a skip
/// region: OBS_RENDER_ACTIVE, plus OBS_RENDER_CHECKING while checking is on (as
/// this thread last saw the switch).
extern OBS_TLS int obs_thread_render;

#define OBS_RENDER_CHECKING 1
#define OBS_RENDER_ACTIVE 2

static inline void *_Nullable obs_thread_scope_get(void) { return obs_thread_scope; }

static inline void *_Nullable obs_thread_checked_get(void) { return obs_thread_checked; }

// Every setter recomputes the checked slot: two more stores per scope opened and
// closed buy a `+checked` read that asks exactly what a plain one asks.
static inline void obs_thread_checked_update(void *_Nullable scope, int render) {
  obs_thread_checked = scope ? scope : (void *)(__UINTPTR_TYPE__)(render & OBS_RENDER_CHECKING);
}

static inline void obs_thread_scope_set(void *_Nullable scope) {
  obs_thread_scope = scope;
  obs_thread_checked_update(scope, obs_thread_render);
}

static inline int obs_thread_render_get(void) { return obs_thread_render; }

static inline void obs_thread_render_set(int render) {
  obs_thread_render = render;
  obs_thread_checked_update(obs_thread_scope, render);
}

/// The task-local scope's slot on this thread: the access list of the innermost
/// synchronous task-local scope (an even address, recorded into with no lock); a
/// mask (a `TaskAccessList` address tagged in the low bit) an async scope started
/// inside it publishes for its own task; or null. `TaskScopeSlot` decodes it.
extern OBS_TLS void *_Nullable obs_task_scope;

static inline void *_Nullable obs_task_scope_get(void) { return obs_task_scope; }

static inline void obs_task_scope_set(void *_Nullable scope) { obs_task_scope = scope; }

/// How many async task-local scopes (bound to their task) are open in the
/// process, read and written relaxed.
extern long obs_task_bindings;

/// What a `+checked` task read tests instead of `obs_task_bindings`, so that it
/// asks one word as a plain read does: the same count in the low 32 bits, and the
/// `+checked` render gate in the high 32 bits (how many render passes run in the
/// process while checking is on; 0 while it is off). Bindings change it by
/// atomic adds to the low half (the count never goes below zero, so no add
/// borrows from the gate); the gate replaces the high half.
extern long obs_task_bindings_or_gate;

#define OBS_GATE_SHIFT 32

static inline void obs_task_bindings_add(long delta) {
  __atomic_fetch_add(&obs_task_bindings, delta, __ATOMIC_RELAXED);
  __atomic_fetch_add(&obs_task_bindings_or_gate, delta, __ATOMIC_RELAXED);
}

/// For a task-local scope read: the published slot; else 1 (an impossible
/// address) while an async scope is open somewhere, so a binding may exist; else
/// null. One call, small enough that a model's getter is still inlined.
static inline void *_Nullable obs_task_scope_or_bound(void) {
  void *scope = obs_task_scope;
  if (scope) return scope;
  return __atomic_load_n(&obs_task_bindings, __ATOMIC_RELAXED) ? (void *)1 : (void *)0;
}

/// The running Swift task, or null outside any task: the concurrency runtime's
/// own entry point (a thread-local load there). It takes no argument and returns
/// one pointer, which the C and Swift calling conventions pass alike; declared here
/// because Swift reserves the name for `@_silgen_name`.
extern const void *_Nullable swift_task_getCurrent(void);

/// The change list of the store `send` running on this thread, or null.
extern OBS_TLS void *_Nullable obs_thread_changes;

static inline void *_Nullable obs_thread_changes_get(void) { return obs_thread_changes; }

static inline void obs_thread_changes_set(void *_Nullable changes) { obs_thread_changes = changes; }

/// The slot in which a row store on this thread last found its row, or -1:
/// where `IdentifiedArray` looks first for a row by id, before it hashes the id.
/// A hint only, checked against the id found there.
extern OBS_TLS long obs_thread_row_slot;

static inline long obs_thread_row_slot_get(void) { return obs_thread_row_slot; }

static inline void obs_thread_row_slot_set(long slot) { obs_thread_row_slot = slot; }

/// The `+checked` gate of `task` scopes: the high half of
/// `obs_task_bindings_or_gate`. Published by RenderContext.Gate (sequentially
/// consistent), read relaxed.
static inline long obs_render_gate_get(void) {
  return __atomic_load_n(&obs_task_bindings_or_gate, __ATOMIC_RELAXED) >> OBS_GATE_SHIFT;
}

/// Replaces the gate, keeping the count of bindings beside it.
static inline void obs_render_gate_publish(long gate) {
  long old = __atomic_load_n(&obs_task_bindings_or_gate, __ATOMIC_SEQ_CST);
  long mask = (1L << OBS_GATE_SHIFT) - 1;
  while (!__atomic_compare_exchange_n(&obs_task_bindings_or_gate, &old,
                                      (old & mask) | (gate << OBS_GATE_SHIFT), 0,
                                      __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
  }
}

/// `obs_task_scope_or_bound` for the `+checked` task scope: also 1 while a render
/// runs somewhere with checking on. The gate shares the word the test of bindings
/// loads, so a checked read with checking off executes the plain read's
/// instructions, one load of another address apart.
static inline void *_Nullable obs_task_scope_or_bound_or_render(void) {
  void *scope = obs_task_scope;
  if (scope) return scope;
  return __atomic_load_n(&obs_task_bindings_or_gate, __ATOMIC_RELAXED) ? (void *)1 : (void *)0;
}

/// This thread's pool of spare access lists, or null before its first scope.
extern OBS_TLS void *_Nullable obs_thread_pool;

static inline void *_Nullable obs_thread_pool_get(void) { return obs_thread_pool; }

/// Installs `pool` as this thread's pool and arranges for `destroy(pool)` to run
/// when the thread exits, so that a thread's spare lists do not outlive it.
void obs_thread_pool_adopt(void *_Nonnull pool, void (*_Nonnull destroy)(void *_Nullable));

// ThreadSanitizer hooks.
//
// Synchronization.Mutex locks inside the prebuilt standard library, where
// ThreadSanitizer cannot see it, so every access it protects looks like a race.
// Telling TSan "acquire"/"release" on the owner's address around each critical
// section restores the happens-before edges. The hooks are weak symbols: outside a
// TSan build they are null and each call costs one predictable branch.

void __tsan_acquire(void *_Nonnull addr) __attribute__((weak));
void __tsan_release(void *_Nonnull addr) __attribute__((weak));

static inline void obs_tsan_acquire(const void *_Nonnull addr) {
  if (__tsan_acquire) __tsan_acquire((void *)addr);
}

static inline void obs_tsan_release(const void *_Nonnull addr) {
  if (__tsan_release) __tsan_release((void *)addr);
}

#endif
