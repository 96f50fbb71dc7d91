extension Publisher {
  /// Delivers the first `maxLength` values, then finishes and cancels the upstream at once.
  ///
  /// ```
  /// upstream:   -1-2-3-|
  /// prefix(2):  -1-(2|)
  /// ```
  ///
  /// `prefix(0)` finishes on subscription without subscribing upstream. Bad input: a negative
  /// `maxLength` is treated as 0. A failure before the n-th value is forwarded.
  ///
  /// - Parameter maxLength: How many values to deliver.
  /// - Returns: A publisher that finishes after the values it keeps.
  @inlinable
  public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
    .init(self, finishesAtOnce: maxLength <= 0) {
      var remaining = maxLength
      return RelayRules(value: { value in
        remaining -= 1
        return remaining > 0 ? .emit(value) : .emitThenFinish(value)
      })
    }
  }

  /// Delivers values while `predicate` returns `true`; finishes (cancelling the upstream) at
  /// the first value for which it returns `false`, which is not delivered.
  ///
  /// ```
  /// upstream:            -1-2-5-1-|
  /// prefix(while: <3):   -1-2-|
  /// ```
  ///
  /// - Parameter predicate: Whether to go on; runs on the thread that delivers the value.
  /// - Returns: A publisher that finishes after the values it keeps.
  @inlinable
  public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
    .init(self) {
      RelayRules(value: { predicate($0) ? .emit($0) : .finish })
    }
  }

  /// `prefix(while:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  ///
  /// ```
  /// upstream:                       -1-2-5-|
  /// tryPrefix(while: throws on 2):  -1-#
  /// ```
  ///
  /// - Parameter predicate: Whether to go on; an error it throws fails the publisher.
  /// - Returns: A publisher that finishes after the values it keeps.
  @inlinable
  public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self>
  {
    .init(self) {
      RelayRules(throwing: { value in
        do { return try predicate(value) ? .emit(value) : .finish } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `prefix(while:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct PrefixWhile<Upstream: Publisher>: Publisher {
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

  /// The publisher `tryPrefix(while:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
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
