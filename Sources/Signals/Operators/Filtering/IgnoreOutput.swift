extension Publisher {
  /// Drops every value and passes only the completion.
  ///
  /// ```
  /// upstream:        -1-2-|
  /// ignoreOutput():  -----|
  /// ```
  ///
  /// - Returns: A publisher of the upstream's completion only.
  @inlinable
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }
}

extension Publishers {
  /// The publisher `ignoreOutput()` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer. Like Combine's, it hands
  /// the upstream's subscription to its subscriber, then asks it for everything.
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Never
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Subscribes `subscriber` to the upstream's completion.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(IgnoreOutputSubscriber<Upstream.Output, S>(downstream: subscriber))
    }
  }
}

/// The subscriber `ignoreOutput` puts between its upstream and its subscriber: it hands the
/// upstream's subscription through and then asks it for everything, as Combine's `IgnoreOutput`
/// does (so the subscriber's own requests and cancel go straight upstream). Generic only over
/// what it needs, for the reason given on `MapSubscriber`. No lock: the upstream calls it
/// serially.
@usableFromInline
final class IgnoreOutputSubscriber<Input, Downstream: Subscriber>: Subscriber
where Downstream.Input == Never {
  /// `nil` once the completion has passed, so that a subscriber that keeps the upstream's subscription
  /// does not keep itself alive through it (Combine's subjects let go of their subscriber at the
  /// completion; a Signals subject keeps this object, which lets go instead).
  @usableFromInline @exclusivity(unchecked) var downstream: Downstream?

  @inlinable init(downstream: Downstream) { self.downstream = downstream }

  @inlinable func receive(subscription: any Subscription) {
    guard let downstream else { return }
    downstream.receive(subscription: subscription)
    subscription.request(.unlimited)
  }
  @inlinable func receive(_ input: Input) -> Subscribers.Demand { .none }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    guard let downstream else { return }
    self.downstream = nil
    downstream.receive(completion: completion)
  }
}

/// Two `IgnoreOutput` publishers are equal when their upstreams and parameters are equal (Combine's
/// conformance).
extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}
