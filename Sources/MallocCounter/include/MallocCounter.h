#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made by the calling
/// thread since it started, when the counter is active (glibc); 0 otherwise.
unsigned long long malloc_counter_thread_allocations(void);

/// 1 when this build interposes glibc's allocator and counts, 0 when counting is unavailable.
int malloc_counter_is_active(void);

#endif
