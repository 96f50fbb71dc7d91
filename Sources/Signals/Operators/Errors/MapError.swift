extension Publisher {
  /// Transforms the upstream's failure with `transform`; values pass through.
  ///
  /// ```
  /// upstream:                   -1-#
  /// mapError { _ in Other() }:  -1-#
  /// ```
  ///
  /// - Parameter transform: Makes the new failure from the upstream's.
  /// - Returns: A publisher of the same values whose failure is transformed.
  @inlinable
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
    Publishers.MapError(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// The publisher `mapError(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer. Like Combine's, it hands
  /// the upstream's subscription to its subscriber.
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    /// The type of values delivered.
    public typealias Output = Upstream.Output

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Makes the new failure from the upstream's.
    public let transform: (Upstream.Failure) -> Failure

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - transform: Makes the new failure from the upstream's.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Subscribes `subscriber` through the failure's transformation.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(MapErrorSubscriber(downstream: subscriber, transform: transform))
    }

    /// Makes the publisher, as `init(upstream:transform:)` (Combine's second spelling).
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - map: Makes the new failure from the upstream's.
    @inlinable
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.init(upstream: upstream, transform: map)
    }
  }
}

/// The subscriber `mapError` puts between its upstream and its subscriber: it hands the
/// upstream's subscription through, as Combine's `MapError` does. Generic only over what it
/// needs, for the reason given on `MapSubscriber`. No lock: the upstream calls it serially.
@usableFromInline
final class MapErrorSubscriber<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber {
  /// `nil` once the completion has passed, so that a subscriber that keeps the upstream's subscription
  /// does not keep itself alive through it (Combine's subjects let go of their subscriber at the
  /// completion; a Signals subject keeps this object, which lets go instead).
  @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
  @usableFromInline let transform: (UpstreamFailure) -> Downstream.Failure

  @inlinable init(downstream: Downstream, transform: @escaping (UpstreamFailure) -> Downstream.Failure) {
    self.downstream = downstream
    self.transform = transform
  }

  @inlinable func receive(subscription: any Subscription) {
    downstream?.receive(subscription: subscription)
  }
  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    downstream?.receive(input) ?? .none
  }
  @inlinable func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    guard let downstream else { return }
    self.downstream = nil
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): downstream.receive(completion: .failure(transform(error)))
    }
  }
}
