#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Starts counting heap allocations made by this process (malloc, calloc, realloc and the
/// aligned variants), from zero.
void allocation_counter_start(void);

/// Stops counting and returns how many allocations were made since `allocation_counter_start`.
long allocation_counter_stop(void);

/// The bytes the heap has handed out and not taken back (glibc's `mallinfo2().uordblks`).
long allocation_counter_heap_bytes(void);

#endif
