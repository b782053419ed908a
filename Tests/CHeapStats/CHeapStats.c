#include "CHeapStats.h"

#if defined(__linux__)
#include <features.h>
#endif

// Under a sanitizer the heap is the sanitizer's allocator, which glibc's statistics never see.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define HEAP_STATS_UNDER_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define HEAP_STATS_UNDER_SANITIZER 1
#endif

#if defined(__GLIBC__) && !defined(HEAP_STATS_UNDER_SANITIZER)
#include <malloc.h>
int heap_stats_is_available(void) { return 1; }
size_t heap_stats_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
int heap_stats_is_available(void) { return 0; }
size_t heap_stats_bytes_in_use(void) { return 0; }
#endif
