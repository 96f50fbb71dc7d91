extension Publisher where Output: Equatable {
  /// Delivers `true` and finishes (cancelling the upstream) as soon as a value equals
  /// `output`, or `false` when the upstream finishes without one.
  ///
  /// ```
  /// upstream:     -1-2-3-|
  /// contains(2):  ---(t|)
  /// contains(9):  -------(f|)
  /// values:       t = true, f = false
  /// ```
  ///
  /// A failure before a match is forwarded. Threading: the answer is delivered on the thread
  /// of the matching value or of the finish.
  ///
  /// - Parameter output: The value looked for.
  /// - Returns: A publisher of one `Bool`.
  @inlinable
  public func contains(_ output: Output) -> Publishers.Contains<Self> {
    .init(contains { $0 == output }.relayed)
  }
}

extension Publisher {
  /// Delivers `true` and finishes (cancelling the upstream) as soon as `predicate` accepts a
  /// value, or `false` when the upstream finishes without one.
  ///
  /// ```
  /// upstream:             -1-2-3-|
  /// contains(where: >1):  ---(t|)
  /// values:               t = true
  /// ```
  ///
  /// A failure before a match is forwarded. Threading: `predicate` runs on the delivering thread.
  ///
  /// - Parameter predicate: Whether a value is the one looked for.
  /// - Returns: A publisher of one `Bool`.
  @inlinable
  public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
    .init(self) {
      RelayRules(
        asking: .everythingForOneResult,
        value: { predicate($0) ? .emitThenFinish(true) : .skip },
        completion: { completion in
          if case .finished = completion { return (false, completion) }
          return (nil, completion)
        })
    }
  }

  /// `contains(where:)` with a predicate that may throw; a thrown error cancels the upstream
  /// and fails the publisher.
  ///
  /// ```
  /// upstream:                        -1-2-3-|
  /// tryContains(where: throws on 2): ---#
  /// ```
  ///
  /// - Parameter predicate: Whether a value is the one looked for; may throw.
  /// - Returns: A publisher of one `Bool`, failing with `any Error`.
  @inlinable
  public func tryContains(
    where predicate: @escaping (Output) throws -> Bool
  ) -> Publishers.TryContainsWhere<Self> {
    .init(self) {
      RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          do { return try predicate(value) ? .emitThenFinish(true) : .skip } catch { return .fail(error) }
        },
        completion: { completion in
          if case .finished = completion { return (false, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }
}

extension Publishers {
  /// The publisher `contains(_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct Contains<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Bool
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

  /// The publisher `contains(where:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct ContainsWhere<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Bool
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

  /// The publisher `tryContains(where:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryContainsWhere<Upstream: Publisher>: Publisher {
    /// The type of values delivered.
    public typealias Output = Bool
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
