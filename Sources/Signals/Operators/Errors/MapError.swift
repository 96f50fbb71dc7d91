extension Publisher {
  /// Transforms the upstream's failure with `transform`; values pass through.
  ///
  /// ```
  /// upstream:                   -1-#
  /// mapError { _ in Other() }:  -1-#
  /// ```
  ///
  /// - Parameter transform: Makes the new failure from the upstream's.
  /// - Returns: A publisher of the same values whose failure is transformed.
  @inlinable
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
    .init(self) {
      RelayRules(value: { .emit($0) }, completion: { (nil, $0.mapError(transform)) })
    }
  }
}

extension Publishers {
  /// The publisher `mapError(_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    /// The type of values delivered.
    public typealias Output = Upstream.Output

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
