extension Publisher where Output: Comparable {
  /// Delivers the smallest value when the upstream finishes.
  ///
  /// ```
  /// upstream:  -3-1-2-|
  /// min():     -------(1|)
  /// ```
  ///
  /// An empty upstream finishes it empty; a failure is forwarded and the held value dropped.
  /// Of equal values, the first is kept. Threading: delivered on the thread of the finish.
  ///
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func min() -> Publishers.Comparison<Self> {
    min(by: <)
  }

  /// Delivers the largest value when the upstream finishes.
  ///
  /// ```
  /// upstream:  -3-1-2-|
  /// max():     -------(3|)
  /// ```
  ///
  /// An empty upstream finishes it empty; a failure is forwarded and the held value dropped.
  /// Of equal values, the first is kept (Combine's rule, as OpenCombine implements it).
  /// Threading: delivered on the thread of the finish.
  ///
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func max() -> Publishers.Comparison<Self> {
    max(by: <)
  }
}

extension Publisher {
  /// Delivers, when the upstream finishes, the smallest value according to
  /// `areInIncreasingOrder` (which says whether its first argument comes before its second).
  ///
  /// ```
  /// upstream:          -x-y-z-|
  /// min(by: shorter):  -------(y|)
  /// values:            x = bb, y = a, z = ccc
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of the values.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func min(
    by areInIncreasingOrder: @escaping (Output, Output) -> Bool
  ) -> Publishers.Comparison<Self> {
    .init(self) {
      var best: Output?
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          if let current = best, !areInIncreasingOrder(value, current) { return .skip }
          best = value
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (best, completion) }
          return (nil, completion)
        })
    }
  }

  /// Delivers, when the upstream finishes, the largest value according to
  /// `areInIncreasingOrder`; see `min(by:)`.
  ///
  /// ```
  /// upstream:          -x-y-z-|
  /// max(by: shorter):  -------(z|)
  /// values:            x = bb, y = a, z = ccc
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of the values.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func max(
    by areInIncreasingOrder: @escaping (Output, Output) -> Bool
  ) -> Publishers.Comparison<Self> {
    // The largest value is the smallest under the reversed ordering, and "replace only when
    // strictly better" keeps the first of equal values either way.
    min { areInIncreasingOrder($1, $0) }
  }

  /// `min(by:)` with an ordering that may throw; a thrown error cancels the upstream and fails
  /// the publisher at once.
  ///
  /// ```
  /// upstream:                 -3-1-2-|
  /// tryMin(by: throws on 2):  -----#
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of the values; may throw.
  /// - Returns: A publisher of at most one value, failing with `any Error`.
  @inlinable
  public func tryMin(
    by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryComparison<Self> {
    .init(self) {
      var best: Output?
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          do {
            if let current = best, try !areInIncreasingOrder(value, current) { return .skip }
          } catch { return .fail(error) }
          best = value
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (best, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }

  /// `max(by:)` with an ordering that may throw; a thrown error cancels the upstream and fails
  /// the publisher at once.
  ///
  /// ```
  /// upstream:                 -3-1-2-|
  /// tryMax(by: throws on 2):  -----#
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of the values; may throw.
  /// - Returns: A publisher of at most one value, failing with `any Error`.
  @inlinable
  public func tryMax(
    by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryComparison<Self> {
    tryMin { try areInIncreasingOrder($1, $0) }
  }
}

extension Publishers {
  /// The publisher `min()`, `max()`, `min(by:)` and `max(by:)` return.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct Comparison<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
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

  /// The publisher `tryMin(by:)` and `tryMax(by:)` return.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryComparison<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
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
