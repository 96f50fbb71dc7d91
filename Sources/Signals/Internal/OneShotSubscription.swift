import Synchronization

/// The subscription of a synchronous source (`Just`, `Empty`, a sequence): a flag that the
/// source checks before each call, set by `cancel()` from any thread.
@usableFromInline
final class OneShotSubscription: Subscription {
  @usableFromInline let active = Atomic<Bool>(true)

  @inlinable init() {}

  /// Whether the subscriber still wants values.
  @inlinable var isActive: Bool { active.load(ordering: .acquiring) }

  @inlinable func cancel() { active.store(false, ordering: .releasing) }
}
