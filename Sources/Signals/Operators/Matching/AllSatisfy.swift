extension Publisher {
  /// Delivers `false` and finishes (cancelling the upstream) at the first value `predicate`
  /// rejects, or `true` when the upstream finishes without one (an empty upstream gives `true`).
  ///
  /// ```
  /// upstream:        -1-2-3-|
  /// allSatisfy(<9):  -------(t|)
  /// allSatisfy(<2):  ---(f|)
  /// values:          t = true, f = false
  /// ```
  ///
  /// A failure before the answer is forwarded. Threading: `predicate` runs on the delivering
  /// thread.
  ///
  /// - Parameter predicate: What every value must satisfy.
  /// - Returns: A publisher of one `Bool`.
  @inlinable
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    .init(self) {
      RelayRules(
        asking: .everythingForOneResult,
        value: { predicate($0) ? .skip : .emitThenFinish(false) },
        completion: { completion in
          if case .finished = completion { return (true, completion) }
          return (nil, completion)
        })
    }
  }

  /// `allSatisfy(_:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  ///
  /// ```
  /// upstream:                    -1-2-3-|
  /// tryAllSatisfy(throws on 2):  ---#
  /// ```
  ///
  /// - Parameter predicate: What every value must satisfy; may throw.
  /// - Returns: A publisher of one `Bool`, failing with `any Error`.
  @inlinable
  public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self>
  {
    .init(self) {
      RelayRules(
        asking: .everythingForOneResult,
        value: { value in
          do { return try predicate(value) ? .skip : .emitThenFinish(false) } catch { return .fail(error) }
        },
        completion: { completion in
          if case .finished = completion { return (true, .finished) }
          return (nil, completion.eraseError)
        })
    }
  }
}

extension Publishers {
  /// The publisher `allSatisfy(_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct AllSatisfy<Upstream: Publisher>: Publisher {
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

  /// The publisher `tryAllSatisfy(_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
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
