extension Publisher {
  /// Transforms each value and delivers the non-`nil` results.
  ///
  /// ```
  /// upstream:         -1-x-3-|
  /// compactMap(Int):  -1---3-|
  /// ```
  ///
  /// Completion passes through. Threading: `transform` runs on the delivering thread.
  ///
  /// - Parameter transform: Makes a value, or `nil` to drop it.
  /// - Returns: A publisher of the non-`nil` results.
  @inlinable
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
    Publishers.CompactMap(upstream: self, transform: transform)
  }

  /// Transforms each value with a closure that may throw and delivers the non-`nil` results; a
  /// thrown error cancels the upstream and fails the publisher.
  ///
  /// ```
  /// upstream:                        -1-x-3-|
  /// tryCompactMap(Int, throws on 3): -1---#
  /// ```
  ///
  /// - Parameter transform: Makes a value, or `nil` to drop it; an error it throws fails the publisher.
  /// - Returns: A publisher of the non-`nil` results.
  @inlinable
  public func tryCompactMap<T>(
    _ transform: @escaping (Output) throws -> T?
  ) -> Publishers.TryCompactMap<Self, T> {
    Publishers.TryCompactMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// The publisher `compactMap(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer. Like Combine's, it hands
  /// the upstream's subscription to its subscriber and returns `.max(1)` from `receive(_:)` for
  /// a value it drops, so the subscriber still gets what it asked for.
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Makes the new value, or `nil` to skip it.
    public let transform: (Upstream.Output) -> Output?

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - transform: Makes the new value, or `nil` to skip it.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Subscribes `subscriber` through the transformation.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(CompactMapSubscriber(downstream: subscriber, transform: transform))
    }
  }

  /// The publisher `tryCompactMap(_:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct TryCompactMap<Upstream: Publisher, Output>: Publisher, RelayOperator {
    /// The type of failure delivered.
    public typealias Failure = any Error

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// Makes the new value, or `nil` to skip it; an error it throws fails the publisher.
    public let transform: (Upstream.Output) throws -> Output?

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - transform: Makes the new value, or `nil` to skip it; an error it throws fails the publisher.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    @usableFromInline static var relayName: String { "TryCompactMap" }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let transform = self.transform
      return RelayRules(throwing: { value in
        do {
          if let output = try transform(value) { return .emit(output) }
          return .skip
        } catch { return .fail(error) }
      })
    }
  }
}

/// The subscriber `compactMap` puts between its upstream and its subscriber: it hands the
/// upstream's subscription through (Combine's `CompactMap`), and asks for a dropped value's
/// replacement by returning `.max(1)` from `receive(_:)`. Generic only over what it needs, for
/// the reason given on `MapSubscriber`. No lock: the upstream calls it serially.
@usableFromInline
final class CompactMapSubscriber<Input, Downstream: Subscriber>: Subscriber {
  /// `nil` once the completion has passed, so that a subscriber that keeps the upstream's subscription
  /// does not keep itself alive through it (Combine's subjects let go of their subscriber at the
  /// completion; a Signals subject keeps this object, which lets go instead).
  @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
  @usableFromInline let transform: (Input) -> Downstream.Input?

  @inlinable init(downstream: Downstream, transform: @escaping (Input) -> Downstream.Input?) {
    self.downstream = downstream
    self.transform = transform
  }

  @inlinable func receive(subscription: any Subscription) {
    downstream?.receive(subscription: subscription)
  }
  @inlinable func receive(_ input: Input) -> Subscribers.Demand {
    guard let downstream else { return .none }
    if let output = transform(input) { return downstream.receive(output) }
    return .max(1)
  }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    guard let downstream else { return }
    self.downstream = nil
    downstream.receive(completion: completion)
  }
}

extension Publishers.CompactMap {
  /// Two `compactMap`s in a row become one (Combine's fusion).
  ///
  /// - Parameter transform: Makes the new value from this operator's result, or `nil` to skip it.
  /// - Returns: One `CompactMap` over the original upstream.
  @inlinable
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
    let first = self.transform
    return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
  }

  /// A `compactMap` then a map become one `CompactMap` (Combine's fusion).
  ///
  /// - Parameter transform: Makes the new value from this operator's result.
  /// - Returns: One `CompactMap` over the original upstream.
  @inlinable
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
    let first = self.transform
    return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
  }
}

extension Publishers.TryCompactMap {
  /// A `tryCompactMap` then a `compactMap` become one `TryCompactMap` (Combine's fusion).
  ///
  /// - Parameter transform: Makes the new value from this operator's result, or `nil` to skip it.
  /// - Returns: One `TryCompactMap` over the original upstream.
  @inlinable
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.TryCompactMap<Upstream, T> {
    let first = self.transform
    return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
  }
}
