#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Sizes below this are counted one by one (`allocation_counter_of_size`); the last slot takes
/// every larger allocation, and realloc.
#define ALLOCATION_COUNTER_SIZES 1024

/// Starts counting heap allocations made by this process (malloc, calloc, realloc and the
/// aligned variants), from zero.
void allocation_counter_start(void);

/// Stops counting and returns how many allocations were made since `allocation_counter_start`.
long allocation_counter_stop(void);

/// The bytes the heap has handed out and not taken back (glibc's `mallinfo2().uordblks`).
long allocation_counter_heap_bytes(void);

/// How many of the allocations counted since `allocation_counter_start` asked for `size` bytes.
long allocation_counter_of_size(long size);

#endif
