extension Publisher {
  /// Collects every value and delivers them as one array when the upstream finishes.
  ///
  /// ```
  /// upstream:   -1-2-3-|
  /// collect():  -------(x|)
  /// values:     x = [1, 2, 3]
  /// ```
  ///
  /// An empty upstream gives `[]`. On failure the collected values are dropped and the failure
  /// forwarded.
  ///
  /// - Returns: A publisher of arrays of the upstream's values.
  @inlinable
  public func collect() -> Publishers.Collect<Self> {
    .init(self) {
      var buffer: [Output] = []
      return RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          buffer.append(value)
          return .skip
        },
        completion: { completion in
          if case .finished = completion { return (buffer, completion) }
          return (nil, completion)
        })
    }
  }

  /// Collects values in arrays of `count`; when the upstream finishes, a partial array left
  /// over is delivered before the finish.
  ///
  /// ```
  /// upstream:    -1-2-3-|
  /// collect(2):  ---a---(b|)
  /// values:      a = [1, 2], b = [3]
  /// ```
  ///
  /// Bad input: a `count` below 1 is treated as 1. On failure a partial array is dropped.
  ///
  /// - Parameter count: How many values a group holds; below 1 counts as 1.
  /// - Returns: A publisher of arrays of the upstream's values.
  @inlinable
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    let size = Swift.max(1, count)
    return .init(self) {
      var buffer: [Output] = []
      return RelayRules(
        value: { value in
          buffer.append(value)
          guard buffer.count == size else { return .skip }
          defer { buffer.removeAll(keepingCapacity: true) }
          return .emit(buffer)
        },
        completion: { completion in
          if case .finished = completion, !buffer.isEmpty { return (buffer, completion) }
          return (nil, completion)
        })
    }
  }
}

extension Publishers {
  /// The publisher `collect()` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct Collect<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = [Upstream.Output]
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

  /// The publisher `collect(_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct CollectByCount<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = [Upstream.Output]
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
