#ifndef C_MALLOC_COUNTER_H
#define C_MALLOC_COUNTER_H

#include <stdint.h>

/// 1 when this process's malloc family is counted (Linux with glibc), 0 elsewhere.
int malloc_counter_is_available(void);

/// The number of allocations (malloc, calloc, realloc, memalign, aligned_alloc,
/// posix_memalign) made so far by the calling thread.
uint64_t malloc_counter_thread_allocations(void);

#endif
