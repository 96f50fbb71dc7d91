import Synchronization

/// The only lock in Signals: a non-recursive mutex over `Synchronization.Mutex`.
///
/// Rules for its users (every stateful type in the library):
/// - it guards plain stored properties of the class that owns it; such a class is
///   `@unchecked Sendable`, and says so beside its declaration, because the compiler cannot see
///   that every access to those properties happens inside `withLock`;
/// - no subscriber, user closure or deinitializer of user objects runs inside `withLock`: take
///   what you need out, unlock, then call out.
@usableFromInline
struct Lock: ~Copyable, Sendable {
  @usableFromInline let mutex = Mutex<Void>(())

  @inlinable init() {}

  /// Runs `body` with the lock held.
  @inlinable @inline(__always)
  borrowing func withLock<R>(_ body: () throws -> R) rethrows -> R {
    try mutex.withLock { _ in try body() }
  }
}
