extension Publisher {
  /// Delivers the number of values the upstream produced, when it finishes.
  ///
  /// ```
  /// upstream:  -a-b-c-|
  /// count():   -------(3|)
  /// ```
  ///
  /// An empty upstream gives 0; a failure is forwarded and the count dropped. Threading: the
  /// count is delivered on the thread of the finish.
  ///
  /// - Returns: A publisher of one `Int`.
  @inlinable
  public func count() -> Publishers.Count<Self> {
    .init(self) {
      var count = 0
      return RelayRules(
        asking: .everythingForOneResult,
        value: { _ in
          count += 1
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (count, completion) }
          return (nil, completion)
        })
    }
  }
}

extension Publishers {
  /// The publisher `count()` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct Count<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Int
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
