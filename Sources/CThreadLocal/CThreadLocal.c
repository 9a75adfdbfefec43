#include "CThreadLocal.h"

_Thread_local void *_Nullable obs_thread_scope = 0;
