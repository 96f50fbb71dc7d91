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
    .init(self) {
      RelayRules(value: { value in
        if let output = transform(value) { .emit(output) } else { .skip }
      })
    }
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
    .init(self) {
      RelayRules(throwing: { value in
        do {
          if let output = try transform(value) { return .emit(output) }
          return .skip
        } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `compactMap(_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    @usableFromInline let relayed: Relayed<Upstream, Output, Failure>

    /// The publisher the operator applies to.
    public var upstream: Upstream { relayed.upstream }

    @inlinable init(
      _ upstream: Upstream, finishesAtOnce: Bool = false,
      _ makeRules: @escaping () -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>
    ) {
      relayed = Relayed(upstream, finishesAtOnce: finishesAtOnce, makeRules)
    }

    /// The same operator over another operator's engine (one that forwards to a sibling).
    @inlinable init(_ relayed: Relayed<Upstream, Output, Failure>) { self.relayed = relayed }

    /// Subscribes `subscriber` through fresh per-subscription rules.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      relayed.receive(subscriber: subscriber)
    }
  }

  /// The publisher `tryCompactMap(_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
    /// The type of failure delivered.
    public typealias Failure = any Error

    @usableFromInline let relayed: Relayed<Upstream, Output, Failure>

    /// The publisher the operator applies to.
    public var upstream: Upstream { relayed.upstream }

    @inlinable init(
      _ upstream: Upstream, finishesAtOnce: Bool = false,
      _ makeRules: @escaping () -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>
    ) {
      relayed = Relayed(upstream, finishesAtOnce: finishesAtOnce, makeRules)
    }

    /// The same operator over another operator's engine (one that forwards to a sibling).
    @inlinable init(_ relayed: Relayed<Upstream, Output, Failure>) { self.relayed = relayed }

    /// Subscribes `subscriber` through fresh per-subscription rules.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      relayed.receive(subscriber: subscriber)
    }
  }

}
