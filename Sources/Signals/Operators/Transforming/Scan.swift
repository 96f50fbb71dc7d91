extension Publisher {
  /// Delivers a running accumulation: `nextPartialResult(previous, value)` for each value,
  /// starting from `initialResult`.
  ///
  /// ```
  /// upstream:    -1-2-3-|
  /// scan(0, +):  -1-3-6-|
  /// ```
  ///
  /// Each subscriber accumulates from `initialResult` on its own. Completion passes through.
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result.
  /// - Returns: A publisher of each intermediate result.
  @inlinable
  public func scan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Scan<Self, T> {
    .init(self) {
      var result = initialResult
      return RelayRules(value: { value in
        result = nextPartialResult(result, value)
        return .emit(result)
      })
    }
  }

  /// `scan` with a closure that may throw; a thrown error cancels the upstream and fails.
  ///
  /// ```
  /// upstream:                   -1-2-3-|
  /// tryScan(0, +, throws on 3): -1-3-#
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result; an error it throws fails the publisher.
  /// - Returns: A publisher of each intermediate result.
  @inlinable
  public func tryScan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryScan<Self, T> {
    .init(self) {
      var result = initialResult
      return RelayRules(throwing: { value in
        do {
          result = try nextPartialResult(result, value)
          return .emit(result)
        } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `scan(_:_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct Scan<Upstream: Publisher, Output>: Publisher {
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

  /// The publisher `tryScan(_:_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryScan<Upstream: Publisher, Output>: Publisher {
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
