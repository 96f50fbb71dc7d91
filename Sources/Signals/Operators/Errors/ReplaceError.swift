extension Publisher {
  /// Replaces a failure with `output`, then finishes.
  ///
  /// ```
  /// upstream:               -1-#
  /// replaceError(with: 0):  -1-(0|)
  /// ```
  ///
  /// - Parameter output: The value delivered in place of a failure.
  /// - Returns: A publisher that cannot fail.
  @inlinable
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    .init(self) {
      RelayRules(
        value: { .emit($0) },
        completion: { completion in
          if case .failure = completion { return (output, .finished) }
          return (nil, .finished)
        })
    }
  }
}

extension Publishers {
  /// The publisher `replaceError(with:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Upstream.Output
    /// The type of failure delivered.
    public typealias Failure = Never

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
