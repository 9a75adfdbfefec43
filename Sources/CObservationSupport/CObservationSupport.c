#include "CObservationSupport.h"
#include <pthread.h>

OBS_TLS void *_Nullable obs_thread_scope = 0;
OBS_TLS void *_Nullable obs_task_scope = 0;
OBS_TLS void *_Nullable obs_thread_pool = 0;
OBS_TLS void *_Nullable obs_thread_changes = 0;
OBS_TLS void *_Nullable obs_thread_checked = 0;
OBS_TLS int obs_thread_render = 0;
OBS_TLS long obs_thread_row_slot = -1;
long obs_task_bindings = 0;
long obs_task_bindings_or_gate = 0;

static pthread_key_t pool_key;
static pthread_once_t pool_key_once = PTHREAD_ONCE_INIT;
static void (*pool_destroy)(void *_Nullable);

static void pool_key_destructor(void *_Nullable pool) {
  obs_thread_pool = 0;
  void (*destroy)(void *_Nullable) = __atomic_load_n(&pool_destroy, __ATOMIC_ACQUIRE);
  if (pool && destroy) destroy(pool);
}

static void pool_key_create(void) { pthread_key_create(&pool_key, pool_key_destructor); }

void obs_thread_pool_adopt(void *_Nonnull pool, void (*_Nonnull destroy)(void *_Nullable)) {
  pthread_once(&pool_key_once, pool_key_create);
  // Every thread passes the same function; the atomic store keeps that race benign.
  __atomic_store_n(&pool_destroy, destroy, __ATOMIC_RELEASE);
  obs_thread_pool = pool;
  pthread_setspecific(pool_key, pool);
}
