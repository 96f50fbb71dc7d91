extension Publisher {
  /// Transforms each value with a closure that may throw; a thrown error fails the publisher.
  ///
  /// ```
  /// upstream:                  -1-2-3-|
  /// tryMap(*10, throws on 2):  -a-#
  /// values:                    a = 10
  /// ```
  ///
  /// On a throw, the upstream is cancelled at once and the error is delivered as the failure
  /// (`any Error`). Threading: `transform` runs on the delivering thread.
  ///
  /// - Parameter transform: Makes the new value; an error it throws fails the publisher.
  /// - Returns: A publisher of the transformed values.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    .init(self) {
      RelayRules(throwing: { value in
        do { return .emit(try transform(value)) } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `tryMap(_:)` returns.
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct TryMap<Upstream: Publisher, Output>: Publisher {
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
