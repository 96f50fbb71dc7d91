extension Publisher {
  /// Delivers the values for which `isIncluded` returns `true`; a thrown error cancels the
  /// upstream and fails the publisher.
  ///
  /// ```
  /// upstream:                     -1-2-3-|
  /// tryFilter(even, throws on 3): ---2-#
  /// ```
  ///
  /// - Parameter isIncluded: Whether a value passes; an error it throws fails the publisher.
  /// - Returns: A publisher of the values that pass.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
    .init(self) {
      RelayRules(throwing: { value in
        do { return try isIncluded(value) ? .emit(value) : .skip } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `tryFilter(_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryFilter<Upstream: Publisher>: Publisher {
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
