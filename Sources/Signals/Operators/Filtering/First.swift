extension Publisher {
  /// Delivers the first value, then finishes and cancels the upstream at once.
  ///
  /// ```
  /// upstream: -1-2-|
  /// first():  -(1|)
  /// ```
  ///
  /// An upstream that finishes empty finishes it empty; a failure is forwarded.
  @inlinable
  public func first() -> Publishers.First<Self> {
    Publishers.Relayed(self) { RelayRules(value: { .emitThenFinish($0) }) }
  }

  /// Delivers the first value for which `predicate` returns `true`, then finishes and cancels
  /// the upstream at once.
  @inlinable
  public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
    Publishers.Relayed(self) { RelayRules(value: { predicate($0) ? .emitThenFinish($0) : .skip }) }
  }

  /// `first(where:)` with a predicate that may throw; a thrown error cancels the upstream and
  /// fails the publisher.
  @inlinable
  public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
    Publishers.Relayed(self) {
      RelayRules(throwing: { value in
        do { return try predicate(value) ? .emitThenFinish(value) : .skip } catch { return .fail(error) }
      })
    }
  }
}

extension Publishers {
  /// The publisher `first()` returns.
  public typealias First<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
  /// The publisher `first(where:)` returns.
  public typealias FirstWhere<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, Upstream.Failure>
  /// The publisher `tryFirst(where:)` returns.
  public typealias TryFirstWhere<Upstream: Publisher> = Relayed<Upstream, Upstream.Output, any Error>
}
