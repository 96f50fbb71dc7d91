// Counts heap allocations by interposing the allocator: this executable defines malloc and
// friends, so every library in the process (the Swift runtime included) calls these, and they
// forward to glibc's own entry points. Used only by the benchmark executable, on Linux/glibc.
#define _GNU_SOURCE
#include "AllocationCounter.h"
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_int counting = 0;
static atomic_long allocations = 0;
/// Allocations by the size asked for, while counting (the last slot takes every larger size).
static atomic_long sizes[ALLOCATION_COUNTER_SIZES];

static inline void count_size(size_t size) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    size_t slot = size < ALLOCATION_COUNTER_SIZES ? size : ALLOCATION_COUNTER_SIZES - 1;
    atomic_fetch_add_explicit(&sizes[slot], 1, memory_order_relaxed);
  }
}

static inline void count(void) { count_size(ALLOCATION_COUNTER_SIZES - 1); }

void *malloc(size_t size) {
  count_size(size);
  return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
  count_size(count_ * size);
  return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
  count();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count_size(size);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_size(size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  count_size(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

void free(void *pointer) { __libc_free(pointer); }

void allocation_counter_start(void) {
  atomic_store(&allocations, 0);
  for (int slot = 0; slot < ALLOCATION_COUNTER_SIZES; slot++) atomic_store(&sizes[slot], 0);
  atomic_store(&counting, 1);
}

long allocation_counter_stop(void) {
  atomic_store(&counting, 0);
  return atomic_load(&allocations);
}

long allocation_counter_heap_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return (long)info.uordblks;
}

long allocation_counter_of_size(long size) {
  if (size < 0 || size >= ALLOCATION_COUNTER_SIZES) return 0;
  return atomic_load(&sizes[size]);
}
