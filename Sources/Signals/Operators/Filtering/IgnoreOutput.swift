extension Publisher {
  /// Drops every value and passes only the completion.
  ///
  /// ```
  /// upstream:        -1-2-|
  /// ignoreOutput():  -----|
  /// ```
  ///
  /// - Returns: A publisher of the upstream's completion only.
  @inlinable
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    .init(self) { RelayRules(asking: .everything, value: { _ in .skip }) }
  }
}

extension Publishers {
  /// The publisher `ignoreOutput()` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Never
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
