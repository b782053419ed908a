// Counts heap allocations per thread, for geobench's "allocations per frame" and the tests that
// prove a gesture frame allocates nothing. Never linked into the libraries.
//
// On Linux with glibc, an executable that defines malloc and friends interposes them for the
// whole process (ELF symbol resolution prefers the executable's definitions); each wrapper
// counts and forwards to glibc's own allocator through its exported __libc_* entry points.
// The counter is thread-local (initial-exec TLS, which never allocates), so tests running in
// parallel on other threads do not disturb a measurement.
//
// Under AddressSanitizer or ThreadSanitizer (swift build --sanitize=address|thread compiles this
// file with the matching -fsanitize flag) the sanitizer runtime owns malloc: it intercepts the
// same symbols and calls malloc while it initialises itself, before these wrappers could work. The interposer then
// steps aside entirely and malloc_counter_is_available() says 0, so the allocation-counting tests
// skip themselves and geobench prints no allocation column. UndefinedBehaviorSanitizer leaves
// malloc alone, so under it (make sanitize-undefined) these wrappers are checked like any other code.
#include "CMallocCounter.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define MALLOC_COUNTER_UNDER_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MALLOC_COUNTER_UNDER_SANITIZER 1
#endif

#if defined(MALLOC_COUNTER_UNDER_SANITIZER)
int malloc_counter_under_sanitizer(void) { return 1; }
#else
int malloc_counter_under_sanitizer(void) { return 0; }
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(MALLOC_COUNTER_UNDER_SANITIZER)
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread uint64_t thread_allocations __attribute__((tls_model("initial-exec")));
// Bytes of the blocks this thread allocated minus those it freed (usable sizes): what work done
// on one thread keeps, whatever other threads allocate meanwhile.
static __thread int64_t thread_live_bytes __attribute__((tls_model("initial-exec")));
// The highest thread_live_bytes since the thread started or last reset it.
static __thread int64_t thread_peak_live_bytes __attribute__((tls_model("initial-exec")));

static void *counted(void *pointer) {
    if (pointer != NULL) {
        thread_allocations++;
        thread_live_bytes += (int64_t)malloc_usable_size(pointer);
        if (thread_live_bytes > thread_peak_live_bytes) {
            thread_peak_live_bytes = thread_live_bytes;
        }
    }
    return pointer;
}

void *malloc(size_t size) {
    return counted(__libc_malloc(size));
}

void *calloc(size_t count, size_t size) {
    return counted(__libc_calloc(count, size));
}

void *realloc(void *pointer, size_t size) {
    size_t old = pointer != NULL ? malloc_usable_size(pointer) : 0;
    void *result = __libc_realloc(pointer, size);
    if (result != NULL || size == 0) {
        thread_live_bytes -= (int64_t)old;  // the old block is gone (moved, or freed by size 0)
    }
    return counted(result);
}

void free(void *pointer) {
    if (pointer != NULL) {
        thread_live_bytes -= (int64_t)malloc_usable_size(pointer);
    }
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    return counted(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
    return counted(__libc_memalign(alignment, size));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = counted(pointer);
    return 0;
}

int malloc_counter_is_available(void) { return 1; }
uint64_t malloc_counter_thread_allocations(void) { return thread_allocations; }
int64_t malloc_counter_thread_live_bytes(void) { return thread_live_bytes; }
int64_t malloc_counter_thread_peak_live_bytes(void) { return thread_peak_live_bytes; }
void malloc_counter_thread_reset_peak(void) { thread_peak_live_bytes = thread_live_bytes; }

#else

int malloc_counter_is_available(void) { return 0; }
uint64_t malloc_counter_thread_allocations(void) { return 0; }
int64_t malloc_counter_thread_live_bytes(void) { return 0; }
int64_t malloc_counter_thread_peak_live_bytes(void) { return 0; }
void malloc_counter_thread_reset_peak(void) {}

#endif
