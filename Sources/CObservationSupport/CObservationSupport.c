#include "CThreadLocal.h"
#include <pthread.h>

_Thread_local void *_Nullable obs_thread_scope = 0;
_Thread_local void *_Nullable obs_thread_pool = 0;

static pthread_key_t pool_key;
static pthread_once_t pool_key_once = PTHREAD_ONCE_INIT;
static void (*pool_destroy)(void *_Nullable);

static void pool_key_destructor(void *_Nullable pool) {
  obs_thread_pool = 0;
  if (pool && pool_destroy) pool_destroy(pool);
}

static void pool_key_create(void) { pthread_key_create(&pool_key, pool_key_destructor); }

void obs_thread_pool_adopt(void *_Nonnull pool, void (*_Nonnull destroy)(void *_Nullable)) {
  pthread_once(&pool_key_once, pool_key_create);
  pool_destroy = destroy;
  obs_thread_pool = pool;
  pthread_setspecific(pool_key, pool);
}
