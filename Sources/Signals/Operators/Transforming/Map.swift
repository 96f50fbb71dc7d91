extension Publisher {
  /// Transforms each value with `transform`.
  ///
  /// ```
  /// upstream:  -1-2-3-|
  /// map(*10):  -a-b-c-|
  /// values:    a = 10, b = 20, c = 30
  /// ```
  ///
  /// Completion, failure, cancellation and demand pass through unchanged. Threading: `transform` runs
  /// on the thread that delivers the value. No lock, no allocation per value.
  ///
  /// - Parameter transform: Makes the new value; runs on the thread that delivers the value.
  /// - Returns: A publisher of the transformed values.
  @inlinable
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// The publisher `map(_:)` returns.
  public struct Map<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) -> Output

    /// Makes the publisher; prefer `upstream.map(transform)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - transform: Maps each value.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Subscribes `subscriber` through the transformation.
    @inlinable @inline(__always)
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(MapSubscriber(downstream: subscriber, transform: transform))
    }

    /// Two maps in a row become one.
    ///
    /// - Parameter next: Makes the new value from this map's result.
    /// - Returns: One `map` that applies both transforms.
    @inlinable
    public func map<T>(_ next: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
      let first = transform
      return Publishers.Map(upstream: upstream) { next(first($0)) }
    }
  }
}

/// The subscriber `map` puts between its upstream and its subscriber.
///
/// It is a top-level type, generic only over what it needs, so that the subscriber type of a
/// chain grows linearly with the chain (a type nested in `Publishers.Map<Upstream, Output>`
/// would carry the whole upstream type at every level, and past three operators the optimizer
/// stops specializing such types, which makes every value go through unspecialized code).
@usableFromInline
struct MapSubscriber<Input, Downstream: Subscriber>: Subscriber {
  @usableFromInline let downstream: Downstream
  @usableFromInline let transform: (Input) -> Downstream.Input

  @inlinable init(downstream: Downstream, transform: @escaping (Input) -> Downstream.Input) {
    self.downstream = downstream
    self.transform = transform
  }

  @inlinable func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
  }
  @inlinable func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(transform(input)) }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    downstream.receive(completion: completion)
  }
}

extension Publishers.Map {
  /// A map then a `tryMap` become one `TryMap` (Combine's fusion).
  ///
  /// - Parameter transform: Makes the new value from this map's result; an error it throws
  ///   fails the publisher.
  /// - Returns: One `TryMap` over the original upstream.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
  }
}
