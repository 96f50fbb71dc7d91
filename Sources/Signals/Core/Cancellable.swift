/// A type whose activity can be cancelled.
///
/// Contract, for every cancellable in Signals: `cancel()` is idempotent and thread-safe; once it has
/// returned on the thread that delivers, nothing more reaches the cancelled subscriber; and it
/// releases everything the subscription held. Cancellables are `Sendable` because they are
/// cancelled from wherever their owner is released.
public protocol Cancellable: Sendable {
  /// Stops the activity and releases its resources. Safe to call more than once, from any thread.
  func cancel()
}
