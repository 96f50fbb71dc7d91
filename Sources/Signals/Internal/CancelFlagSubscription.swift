import Synchronization

/// A cancel flag as a subscription: what a source that only completes (`Empty`, `Fail`) gives its
/// subscriber. The source checks the flag before the completion; `cancel()` sets it from any
/// thread. Requests need no answer.
@usableFromInline
final class CancelFlagSubscription: Subscription {
  @usableFromInline let active = Atomic<Bool>(true)

  @inlinable init() {}

  /// Whether the subscriber still wants values.
  @inlinable var isActive: Bool { active.load(ordering: .acquiring) }

  @inlinable func cancel() { active.store(false, ordering: .releasing) }

  /// Nothing to send: a request changes nothing.
  @inlinable func request(_ demand: Subscribers.Demand) {}
}
