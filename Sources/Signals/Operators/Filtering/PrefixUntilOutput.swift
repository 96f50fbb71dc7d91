extension Publisher {
  /// Delivers values until `publisher` produces its first value, then finishes and cancels
  /// both.
  ///
  /// ```
  /// upstream:                          -a-b-c-d-|
  /// trigger:                           ----x----|
  /// prefix(untilOutputFrom: trigger):  -a-b|
  /// ```
  ///
  /// `publisher` is subscribed first, then the upstream (as in Combine), so a trigger that
  /// produces at once lets nothing through. A finish or failure of `publisher` before its first
  /// value is ignored: the upstream goes on alone. The upstream's finish or failure cancels
  /// `publisher` and ends the publisher; `publisher`'s value cancels both, the upstream before
  /// the finish arrives, as in Combine (which leaves `publisher` subscribed: a timer trigger
  /// would go on running). Demand, as in Combine: the subscriber's requests go to the upstream
  /// (`.none` included); `publisher` is asked for one value on its own, and its value, like the
  /// upstream's completion, ends the flow even for a subscriber that has requested nothing; an
  /// upstream value is passed on even beyond the subscriber's demand, as Combine's passes it.
  /// A `publisher` value before the upstream's subscription finishes the subscriber without a
  /// subscription, and an upstream completion before it is not passed on, as in Combine.
  /// Threading: the two may produce on different threads; the subscriber receives one call at a
  /// time.
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
  /// Its state is an `UntilOutputGate`.
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
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - other: The publisher whose first value finishes the output.
    @inlinable
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Subscribes `subscriber`: the trigger first, then the upstream; the subscriber receives
    /// the subscription when the upstream's arrives (Combine's order).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let gate = UntilOutputGate(subscriber, endsAtTrigger: true)
      // Combine's `prefix(untilOutputFrom:)` subscription describes and reflects nothing of its
      // own; it is the upstream's subscriber too.
      let inner = Inner(gate)
      gate.delivery.holdForHandshake(inner)
      let trigger = gate.trigger(Other.Output.self) { (_: Subscribers.Completion<Other.Failure>) in
        gate.triggerEnded()
      }
      other.subscribe(PlainInput(trigger))
      upstream.subscribe(inner)
    }
  }
}
