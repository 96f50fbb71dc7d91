/// Subscriptions for publishers written by hand (Combine's `Subscriptions` namespace).
public enum Subscriptions {
  /// A subscription that does nothing: requests are ignored and `cancel()` has no effect.
  ///
  /// Give it to a subscriber that must receive a subscription before an immediate completion
  /// (a publisher that fails or finishes at once). Threading: safe from any thread; it is one
  /// shared instance.
  public static var empty: any Subscription { EmptySubscription.shared }
}

/// The subscription `Subscriptions.empty` returns.
@usableFromInline
final class EmptySubscription: Subscription, Sendable {
  @usableFromInline static let shared = EmptySubscription()

  @inlinable init() {}

  /// Nothing to send: a request changes nothing.
  @inlinable func request(_ demand: Subscribers.Demand) {}

  /// Nothing to stop.
  @inlinable func cancel() {}
}
