import Synchronization

/// The subscription of a source that only completes (`Empty`, `Fail`): a flag that the source
/// checks before the completion, set by `cancel()` from any thread. Requests need no answer.
@usableFromInline
final class OneShotSubscription: Subscription {
  @usableFromInline let active = Atomic<Bool>(true)

  @inlinable init() {}

  /// Whether the subscriber still wants values.
  @inlinable var isActive: Bool { active.load(ordering: .acquiring) }

  @inlinable func cancel() { active.store(false, ordering: .releasing) }

  /// Nothing to send: a request changes nothing.
  @inlinable func request(_ demand: Subscribers.Demand) {}
}
