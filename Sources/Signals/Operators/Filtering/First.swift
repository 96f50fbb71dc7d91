extension Publisher {
  /// Delivers the first value, then finishes and cancels the upstream at once.
  ///
  /// ```
  /// upstream: -1-2-|
  /// first():  -(1|)
  /// ```
  ///
  /// An upstream that finishes empty finishes it empty; a failure is forwarded.
  ///
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func first() -> Publishers.First<Self> {
    .init(self) { RelayRules(asking: .everythingForOneResult, value: { .emitThenFinish($0) }) }
  }

  /// Delivers the first value for which `predicate` returns `true`, then finishes and cancels
  /// the upstream at once.
  ///
  /// ```
  /// upstream:           -1-2-3-|
  /// first(where: >1):   ---(2|)
  /// ```
  ///
  /// - Parameter predicate: Decides on each value; runs on the thread that delivers it.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
    .init(self) {
      RelayRules(asking: .everythingForOneResult, value: { predicate($0) ? .emitThenFinish($0) : .skip })
    }
  }

  /// `first(where:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  ///
  /// ```
  /// upstream:                     -1-2-3-|
  /// tryFirst(where: throws on 2): ---#
  /// ```
  ///
  /// - Parameter predicate: Decides on each value; an error it throws fails the publisher.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
    .init(self) {
      RelayRules(
        asking: .everythingForOneResult,
        throwing: { value in
          do { return try predicate(value) ? .emitThenFinish(value) : .skip } catch { return .fail(error) }
        })
    }
  }
}

extension Publishers {
  /// The publisher `first()` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct First<Upstream: Publisher>: Publisher {
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

  /// The publisher `first(where:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct FirstWhere<Upstream: Publisher>: Publisher {
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

  /// The publisher `tryFirst(where:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryFirstWhere<Upstream: Publisher>: Publisher {
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
