#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The platform's thread calls, beside `Lock.swift` (the platform's lock): the rest of the library
// calls these two functions, never the platform directly.

/// An id of the calling thread, never 0, equal for two calls exactly when they run on the same
/// thread (while that thread lives).
@inlinable
func currentThreadID() -> UInt {
  #if canImport(Glibc)
    UInt(pthread_self())
  #else
    UInt(bitPattern: pthread_self())
  #endif
}

/// Lets another runnable thread have this core (no sleeping): the pause in a bounded spin-wait.
@inlinable
func yieldProcessor() { sched_yield() }
