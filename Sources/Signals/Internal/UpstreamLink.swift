import Synchronization

/// An operator's hold on its upstream subscription, and whether the operator has terminated.
///
/// Operators that end a flow themselves (a throwing closure, `prefix`, `first`, `timeout`, ...)
/// keep one: `attach` stores the upstream subscription (cancelling it if the operator already
/// ended), `terminate()` ends the operator exactly once and cancels the upstream, and
/// `isTerminated` is the lock-free check on the per-value path. Thread-safe.
@usableFromInline
final class UpstreamLink: Sendable {
  @usableFromInline let terminated = Atomic<Bool>(false)
  @usableFromInline let upstream = Guarded<(any Subscription)?>(nil)

  @inlinable init() {}

  /// Whether `terminate()` has been called. Lock-free.
  @inlinable var isTerminated: Bool { terminated.load(ordering: .acquiring) }

  /// Stores `subscription`; returns `false` (and cancels it) if there already is one or the
  /// operator has terminated.
  @inlinable @discardableResult
  func attach(_ subscription: any Subscription) -> Bool {
    let accepted = upstream.withLock { current -> Bool in
      guard current == nil, !terminated.load(ordering: .acquiring) else { return false }
      current = subscription
      return true
    }
    if !accepted { subscription.cancel() }
    return accepted
  }

  /// Marks the operator terminated and cancels the upstream unless `cancelUpstream` is `false`
  /// (the upstream completed by itself). Returns `true` only for the first call, so the caller
  /// that wins is the one that delivers the completion.
  @inlinable @discardableResult
  func terminate(cancelUpstream: Bool = true) -> Bool {
    guard !terminated.exchange(true, ordering: .acquiringAndReleasing) else { return false }
    let subscription = upstream.withLock { current -> (any Subscription)? in
      defer { current = nil }
      return current
    }
    if cancelUpstream { subscription?.cancel() }
    return true
  }

  /// `count` fresh links. (Built outside the initializers of the states that hold them: a
  /// closure in such an initializer makes the 6.3 optimizer crash on `LiveSubscription`'s
  /// deinit in release builds.)
  @inlinable static func make(_ count: Int) -> [UpstreamLink] {
    var links: [UpstreamLink] = []
    links.reserveCapacity(count)
    for _ in 0..<count { links.append(UpstreamLink()) }
    return links
  }
}
