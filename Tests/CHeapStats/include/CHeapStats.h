#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H
#include <stddef.h>

/// Bytes currently allocated by malloc (glibc's mallinfo2().uordblks + hblkhd); 0 where unknown.
size_t heap_stats_bytes_in_use(void);

#endif
