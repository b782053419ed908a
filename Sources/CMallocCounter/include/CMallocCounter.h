#ifndef C_MALLOC_COUNTER_H
#define C_MALLOC_COUNTER_H

#include <stdint.h>

/// 1 when this process's malloc family is counted (Linux with glibc, no sanitizer), 0 otherwise.
int malloc_counter_is_available(void);

/// 1 when this file was compiled under a sanitizer (the interposer then steps aside), else 0.
int malloc_counter_under_sanitizer(void);

/// The number of allocations (malloc, calloc, realloc, memalign, aligned_alloc,
/// posix_memalign) made so far by the calling thread.
uint64_t malloc_counter_thread_allocations(void);

/// The usable bytes of the blocks the calling thread allocated, minus those of the blocks it
/// freed: what the thread's own work keeps, whatever other threads do meanwhile (a block freed
/// by another thread than the one that allocated it counts against the freeing thread).
int64_t malloc_counter_thread_live_bytes(void);

/// The highest value malloc_counter_thread_live_bytes() reached on the calling thread since
/// the thread started or called malloc_counter_thread_reset_peak(): its own peak heap, however
/// much other threads allocate meanwhile.
int64_t malloc_counter_thread_peak_live_bytes(void);

/// Sets the calling thread's peak to its current live bytes.
void malloc_counter_thread_reset_peak(void);

#endif
