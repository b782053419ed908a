#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H
#include <stddef.h>

/// Bytes currently allocated by malloc (glibc's mallinfo2().uordblks + hblkhd); 0 where unknown.
size_t heap_stats_bytes_in_use(void);

/// 1 when heap_stats_bytes_in_use() measures this process's heap (glibc, no sanitizer), else 0.
int heap_stats_is_available(void);

#endif
