extension Publisher {
  /// Delivers, when the upstream finishes, the last value for which `predicate` returned
  /// `true`; a thrown error cancels the upstream and fails the publisher at once.
  ///
  /// ```
  /// upstream:                    -1-2-3-|
  /// tryLast(where: odd):         -------(3|)
  /// tryLast(where: throws on 2): ---#
  /// ```
  ///
  /// An upstream that finishes without a match finishes it empty; an upstream failure drops
  /// the held value and is forwarded as `any Error`. Threading: `predicate` runs on the
  /// delivering thread. As in Combine, every value is requested from the upstream.
  ///
  /// - Parameter predicate: Whether a value counts; may throw to fail the publisher.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
    .init(self) {
      var last: Output?
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          do {
            if try predicate(value) { last = value }
            return .skip
          } catch { return .fail(error) }
        },
        completion: { completion in
          if case .finished = completion { return (last, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }
}

extension Publishers {
  /// The publisher `tryLast(where:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryLastWhere<Upstream: Publisher>: Publisher {
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
