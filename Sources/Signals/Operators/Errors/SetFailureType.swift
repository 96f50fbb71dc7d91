extension Publisher {
  /// Gives the publisher the failure type `E` without changing what it delivers; for joining a
  /// publisher that cannot fail to ones that can.
  ///
  /// ```
  /// upstream:                          -1-2-|
  /// setFailureType(to: Thrown.self):   -1-2-|
  /// ```
  ///
  /// - Parameter failureType: The failure type the result declares.
  /// - Returns: A publisher of the same events with the new failure type.
  @inlinable
  public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E>
  where Failure == Never {
    Publishers.SetFailureType(upstream: self)
  }
}

extension Publishers {
  /// The publisher `setFailureType(to:)` returns: the upstream, with a failure type it never uses.
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
  where Upstream.Failure == Never {
    /// The upstream's output type.
    public typealias Output = Upstream.Output

    /// The publisher whose failure type is changed.
    public let upstream: Upstream

    /// Makes the publisher; prefer `upstream.setFailureType(to:)`.
    ///
    /// - Parameter upstream: The publisher that cannot fail.
    @inlinable public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes `subscriber` to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(FailureTypeSubscriber(downstream: subscriber))
    }

    /// The same publisher with another failure type.
    ///
    /// - Parameter failureType: The failure type the result declares.
    /// - Returns: The same upstream with the new failure type.
    @inlinable
    public func setFailureType<E: Error>(to failureType: E.Type) -> SetFailureType<Upstream, E> {
      SetFailureType<Upstream, E>(upstream: upstream)
    }
  }
}

/// The subscriber `setFailureType` puts between its upstream and its subscriber; top-level for
/// the reason given on `MapSubscriber`.
@usableFromInline
struct FailureTypeSubscriber<Downstream: Subscriber>: Subscriber {
  @usableFromInline let downstream: Downstream
  @inlinable init(downstream: Downstream) { self.downstream = downstream }
  @inlinable func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand { downstream.receive(input) }
  @inlinable func receive(completion: Subscribers.Completion<Never>) {
    downstream.receive(completion: .finished)
  }
}

/// Equal when the publishers are equal (Combine's conformance).
extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}
