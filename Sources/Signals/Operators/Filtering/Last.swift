extension Publisher {
  /// Delivers the last value when the upstream finishes.
  ///
  /// ```
  /// upstream: -1-2-3-|
  /// last():   -------(3|)
  /// ```
  ///
  /// An upstream that finishes empty finishes it empty; on failure the held value is dropped.
  ///
  /// - Returns: A publisher of at most one value, delivered when the upstream finishes.
  @inlinable
  public func last() -> Publishers.Last<Self> {
    .init(last { _ in true }.relayed)
  }

  /// Delivers, when the upstream finishes, the last value for which `predicate` returned `true`.
  ///
  /// ```
  /// upstream:          -1-2-3-|
  /// last(where: <3):   -------(2|)
  /// ```
  ///
  /// - Parameter predicate: Decides on each value; runs on the thread that delivers it.
  /// - Returns: A publisher of at most one value, delivered when the upstream finishes.
  @inlinable
  public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
    .init(self) {
      var last: Output?
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          if predicate(value) { last = value }
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (last, completion) }
          return (nil, completion)
        })
    }
  }
}

extension Publishers {
  /// The publisher `last()` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct Last<Upstream: Publisher>: Publisher {
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

  /// The publisher `last(where:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct LastWhere<Upstream: Publisher>: Publisher {
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

}
