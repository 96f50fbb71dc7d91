extension Publisher where Output: Equatable {
  /// Drops each value equal to the one delivered just before it.
  ///
  /// ```
  /// upstream:            -1-1-2-2-1-|
  /// removeDuplicates():  -1---2---1-|
  /// ```
  ///
  /// - Returns: A publisher without consecutive equal values.
  @inlinable
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    removeDuplicates(by: ==)
  }
}

extension Publisher {
  /// Drops each value that `predicate(previous, value)` says duplicates the one delivered just
  /// before it. Completion passes through; each subscriber compares on its own.
  ///
  /// ```
  /// upstream:                     -1-3-2-4-5-|
  /// removeDuplicates(by: parity): -1---2---5-|
  /// ```
  ///
  /// Threading: `predicate` runs on the thread that delivers the value.
  ///
  /// - Parameter predicate: Whether a value, second, duplicates the one delivered before it.
  /// - Returns: A publisher without the values `predicate` calls duplicates.
  @inlinable
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    .init(self) {
      var previous: Output?
      return RelayRules(value: { value in
        if let previous, predicate(previous, value) { return .skip }
        previous = value
        return .emit(value)
      })
    }
  }

  /// `removeDuplicates(by:)` with a predicate that may throw; a thrown error cancels the
  /// upstream and fails the publisher.
  ///
  /// ```
  /// upstream:                                     -1-3-2-4-|
  /// tryRemoveDuplicates(by: parity, throws on 4): -1---2-#
  /// ```
  ///
  /// - Parameter predicate: Whether a value, second, duplicates the one delivered before it;
  ///   an error it throws fails the publisher.
  /// - Returns: A publisher without the values `predicate` calls duplicates.
  @inlinable
  public func tryRemoveDuplicates(
    by predicate: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryRemoveDuplicates<Self> {
    .init(self) {
      var previous: Output?
      return RelayRules(throwing: { value in
        do {
          if let previous, try predicate(previous, value) { return .skip }
        } catch { return .fail(error) }
        previous = value
        return .emit(value)
      })
    }
  }
}

extension Publishers {
  /// The publisher `removeDuplicates()` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
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

  /// The publisher `tryRemoveDuplicates(by:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
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
