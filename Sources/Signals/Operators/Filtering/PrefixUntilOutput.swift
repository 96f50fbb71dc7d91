extension Publisher {
  /// Delivers values until `publisher` produces its first value, then finishes and cancels
  /// both.
  ///
  /// ```
  /// upstream:                    -a-b-c-d-|
  /// trigger:                     ----x----|
  /// prefix(untilOutputFrom:):    -a-b|
  /// ```
  ///
  /// `publisher` is subscribed first, then the upstream (as in Combine), so a trigger that
  /// produces at once lets nothing through. A finish or failure of `publisher` before its first
  /// value is ignored: the upstream goes on alone. The upstream's finish or failure ends the
  /// publisher and cancels `publisher`. Threading: the two may produce on different threads;
  /// the subscriber receives one call at a time.
  ///
  /// - Parameter publisher: The trigger; its first value ends the flow.
  /// - Returns: A publisher of the upstream's values until the trigger.
  @inlinable
  public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
    Publishers.PrefixUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// The publisher `prefix(untilOutputFrom:)` returns.
  ///
  /// Composed from `first`, `catch`, `merge` and the per-value relay: no state of its own.
  public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are delivered.
    public let upstream: Upstream
    /// The trigger.
    public let other: Other

    /// Makes the publisher; prefer `upstream.prefix(untilOutputFrom: other)`.
    @inlinable
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Subscribes `subscriber`: the trigger first, then the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let trigger = other.first()
        .map { _ in UntilOutputEvent<Output>.trigger }
        .catch { _ in Empty<UntilOutputEvent<Output>, Never>() }
        .setFailureType(to: Failure.self)
      let values = upstream.map(UntilOutputEvent.value).append(.end)
      Relayed(Merge(trigger, values)) {
        RelayRules(value: { event in
          switch event {
          case .value(let value): .emit(value)
          case .trigger, .end: .finish
          }
        })
      }
      .subscribe(subscriber)
    }
  }
}

/// What `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)` see of their two inputs,
/// merged: an upstream value, the trigger's first value, or an end (the upstream finished, or,
/// for `drop`, the trigger finished without a value).
@usableFromInline
enum UntilOutputEvent<Value> {
  case value(Value)
  case trigger
  case end
}
