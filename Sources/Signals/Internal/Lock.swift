import Synchronization

/// Signals' lock: a non-recursive mutex over `Synchronization.Mutex` (the only other one,
/// `SpinLock` below, is for sections that only move a value).
///
/// The platform's thread calls (the calling thread's id, yielding the core in a bounded wait)
/// live beside it, in `ThreadPlatform.swift`; nothing else in the library calls the platform's
/// threads or locks.
///
/// Rules for its users (every stateful type in the library):
/// - it guards plain stored properties of the class that owns it; such a class is
///   `@unchecked Sendable`, and says so beside its declaration, because the compiler cannot see
///   that every access to those properties happens inside `withLock`;
/// - those properties are declared `@exclusivity(unchecked)`: the lock already makes every
///   access exclusive, and the runtime's dynamic exclusivity check would cost a call and a
///   thread-local lookup per access on the per-value path;
/// - no subscriber, user closure or deinitializer of user objects runs inside `withLock`: take
///   what you need out, unlock, then call out.
///
/// On Linux a contended `Mutex` is handed from one thread to the next by the kernel (a
/// priority-inheriting futex), an ordering the thread sanitizer cannot see; it then reports
/// races between critical sections of the same lock. `handoff` makes that ordering visible: each
/// critical section starts with an acquiring load and ends with a releasing store of it. On
/// x86-64 both are plain moves, so it costs nothing outside the sanitizer.
@usableFromInline
struct Lock: ~Copyable, Sendable {
  @usableFromInline let mutex = Mutex<Void>(())
  @usableFromInline let handoff = Atomic<UInt8>(0)

  @inlinable init() {}

  /// Runs `body` with the lock held.
  @inlinable @inline(__always)
  borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
    try mutex.withLock { _ in
      _ = handoff.load(ordering: .acquiring)
      defer { handoff.store(0, ordering: .releasing) }
      return try body()
    }
  }
}

/// A value that is only reachable with the lock held: `Mutex<Value>` with the same sanitizer
/// handoff as `Lock`. Use it for state that is `Sendable` or moved in and out with `sending`.
@usableFromInline
package struct Guarded<Value>: ~Copyable, Sendable {
  @usableFromInline let mutex: Mutex<Value>
  @usableFromInline let handoff = Atomic<UInt8>(0)

  /// Makes the guard around `value`.
  @inlinable package init(_ value: sending Value) { mutex = Mutex(value) }

  /// Runs `body` with exclusive access to the value.
  @inlinable @inline(__always)
  package borrowing func withLock<R, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending R
  ) throws(E) -> sending R {
    try mutex.withLock { (value: inout sending Value) throws(E) -> sending R in
      _ = handoff.load(ordering: .acquiring)
      defer { handoff.store(0, ordering: .releasing) }
      return try body(&value)
    }
  }
}

/// A lock for a critical section that only moves or copies a value in or out (a swap, a copy
/// that retains): one atomic exchange to take it, a releasing store to give it back, where
/// `Lock`'s mutex pays two compare-and-exchanges and reads the thread's id. A waiter spins on a
/// load, and yields its core (`yieldProcessor()`) once the spin is long, so that a holder that
/// was descheduled gets to finish.
///
/// Rules, beyond `Lock`'s: nothing inside runs user code, a deinitializer, an allocation or a
/// wait (move the replaced value out, and let it go after); it is never held while taking
/// another lock; it may be taken inside `Lock` (in that order only). The state machine keeps a
/// flat graph's state under one: each send puts its new state in place under it.
@usableFromInline
struct SpinLock: ~Copyable, Sendable {
  @usableFromInline let held = Atomic<Bool>(false)

  @inlinable init() {}

  /// Runs `body` with the lock held.
  @inlinable @inline(__always)
  borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
    if held.exchange(true, ordering: .acquiring) { wait() }
    defer { held.store(false, ordering: .releasing) }
    return try body()
  }

  /// Takes the lock once its holder gives it back (out of line: only under contention).
  @usableFromInline @inline(never)
  borrowing func wait() {
    var spins = 0
    repeat {
      while held.load(ordering: .relaxed) {
        spins &+= 1
        if spins & 63 == 0 { yieldProcessor() }
      }
    } while held.exchange(true, ordering: .acquiring)
  }
}
