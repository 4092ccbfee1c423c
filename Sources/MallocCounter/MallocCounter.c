// Counts heap allocations for the benchmark (docs/Performance.md, "Counting allocations").
//
// On glibc the executable that links this file defines malloc and friends; the dynamic linker resolves every
// allocation of the process (the Swift runtime's included) to these definitions, which count in a thread-local
// variable and forward to glibc's own implementation (__libc_malloc & co.). Nothing here allocates or locks.
#include "MallocCounter.h"
#include <stddef.h>
#include <errno.h>

#if defined(__linux__) && defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static __thread unsigned long long allocations;

void *malloc(size_t size) {
  allocations++;
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  allocations++;
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  allocations++;
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  allocations++;
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  allocations++;
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
  allocations++;
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL && size != 0) return ENOMEM;
  *out = pointer;
  return 0;
}

unsigned long long malloc_counter_thread_allocations(void) { return allocations; }
int malloc_counter_is_active(void) { return 1; }

#else

unsigned long long malloc_counter_thread_allocations(void) { return 0; }
int malloc_counter_is_active(void) { return 0; }

#endif
