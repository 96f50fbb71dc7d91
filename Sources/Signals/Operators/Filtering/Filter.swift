extension Publisher {
  /// Passes on only the values for which `isIncluded` returns `true`.
  ///
  /// ```
  /// upstream:     -1-2-3-4-|
  /// filter(even): ---2---4-|
  /// ```
  ///
  /// Completion, failure and cancellation pass through unchanged; demand too, and a value that
  /// does not pass asks the upstream for one more, as in Combine. Threading: `isIncluded` runs
  /// on the thread that delivers the value. No lock, no allocation per value.
  ///
  /// - Parameter isIncluded: Whether a value passes; runs on the thread that delivers it.
  /// - Returns: A publisher of the values that pass.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// The publisher `filter(_:)` returns.
  public struct Filter<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are filtered.
    public let upstream: Upstream
    /// The predicate a value must satisfy to pass.
    public let isIncluded: (Upstream.Output) -> Bool

    /// Makes the publisher; prefer `upstream.filter(isIncluded)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - isIncluded: The predicate a value must satisfy to pass.
    @inlinable
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Subscribes `subscriber` behind the predicate.
    @inlinable @inline(__always)
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(FilterSubscriber(downstream: subscriber, isIncluded: isIncluded))
    }
  }
}

/// The subscriber `filter` puts between its upstream and its subscriber; top-level for the
/// reason given on `MapSubscriber`.
@usableFromInline
struct FilterSubscriber<Downstream: Subscriber>: Subscriber {
  @usableFromInline let downstream: Downstream
  @usableFromInline let isIncluded: (Downstream.Input) -> Bool

  @inlinable init(downstream: Downstream, isIncluded: @escaping (Downstream.Input) -> Bool) {
    self.downstream = downstream
    self.isIncluded = isIncluded
  }

  @inlinable func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
  }
  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    isIncluded(input) ? downstream.receive(input) : .max(1)
  }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    downstream.receive(completion: completion)
  }
}

extension Publishers.Filter {
  /// Two filters in a row become one (Combine's fusion): a value passes when both predicates
  /// accept it, the second asked only when the first accepts.
  ///
  /// - Parameter isIncluded: The second predicate.
  /// - Returns: One `Filter` over the original upstream.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
    let first = self.isIncluded
    return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
  }

  /// A filter then a `tryFilter` become one `TryFilter` (Combine's fusion).
  ///
  /// - Parameter isIncluded: The second predicate; an error it throws fails the publisher.
  /// - Returns: One `TryFilter` over the original upstream.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
    let first = self.isIncluded
    return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
  }
}
