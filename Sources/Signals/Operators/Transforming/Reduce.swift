extension Publisher {
  /// Accumulates every value and delivers the final result when the upstream finishes.
  ///
  /// ```
  /// upstream:      -1-2-3-|
  /// reduce(0, +):  -------(6|)
  /// ```
  ///
  /// An upstream that finishes empty gives `initialResult`. On failure the partial result is
  /// dropped and the failure forwarded.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result.
  /// - Returns: A publisher of the final result, delivered when the upstream finishes.
  @inlinable
  public func reduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Reduce<Self, T> {
    .init(self) {
      var result = initialResult
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          result = nextPartialResult(result, value)
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (result, completion) }
          return (nil, completion)
        })
    }
  }

  /// `reduce` with a closure that may throw; a thrown error cancels the upstream and fails.
  ///
  /// ```
  /// upstream:                     -1-2-3-|
  /// tryReduce(0, +, throws on 3): -----#
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result; an error it throws fails the publisher.
  /// - Returns: A publisher of the final result, delivered when the upstream finishes.
  @inlinable
  public func tryReduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryReduce<Self, T> {
    .init(self) {
      var result = initialResult
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          do {
            result = try nextPartialResult(result, value)
            return .skip
          } catch { return .fail(error) }
        },
        completion: { completion in
          if case .finished = completion { return (result, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }
}

extension Publishers {
  /// The publisher `reduce(_:_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct Reduce<Upstream: Publisher, Output>: Publisher {
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

  /// The publisher `tryReduce(_:_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryReduce<Upstream: Publisher, Output>: Publisher {
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
