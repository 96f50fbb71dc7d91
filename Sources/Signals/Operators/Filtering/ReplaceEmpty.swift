extension Publisher {
  /// Delivers `output` when the upstream finishes without having produced a value.
  ///
  /// ```
  /// upstream:               ----|
  /// replaceEmpty(with: 0):  ----(0|)
  /// ```
  ///
  /// Values of a non-empty upstream and failures pass through.
  ///
  /// - Parameter output: The value delivered when the upstream finishes without one.
  /// - Returns: A publisher of at least one value, unless it fails.
  @inlinable
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
    .init(self) {
      var empty = true
      return RelayRules(
        value: { value in
          empty = false
          return .emit(value)
        },
        completion: { completion in
          if case .finished = completion, empty { return (output, completion) }
          return (nil, completion)
        })
    }
  }
}

extension Publishers {
  /// The publisher `replaceEmpty(with:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
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
