extension Publisher {
  /// Drops values until `publisher` produces its first value, then delivers every value.
  ///
  /// ```
  /// upstream:                        -a-b-c-d-|
  /// trigger:                         ----x----|
  /// drop(untilOutputFrom: trigger):  -----c-d-|
  /// ```
  ///
  /// `publisher` is subscribed first, then the upstream (as in Combine). If `publisher`
  /// finishes or fails before its first value, the publisher ends the same way at once and
  /// cancels the upstream (Combine's rule); when that comes before the upstream's subscription,
  /// the subscription is kept when it comes, as Combine's keeps it (asked for what the
  /// subscriber requested, its values ignored, cancelled by the subscriber's cancel). A failure of either is forwarded at once; the
  /// upstream's finish finishes it. Demand, as in Combine: the subscriber's requests go to the
  /// upstream (a value before the trigger asks it for one more, as `filter` does); `publisher` is
  /// asked for one value on its own; a completion reaches even a subscriber that has requested
  /// nothing. Threading: the two may produce on different threads; the subscriber receives one
  /// call at a time.
  ///
  /// - Parameter publisher: The trigger; its first value opens the flow.
  /// - Returns: A publisher of the upstream's values after the trigger.
  @inlinable
  public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
  where P.Failure == Failure {
    Publishers.DropUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// The publisher `drop(untilOutputFrom:)` returns.
  ///
  /// Its state is an `UntilOutputGate`.
  public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
  where Upstream.Failure == Other.Failure {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are delivered once the trigger has produced.
    public let upstream: Upstream
    /// The trigger.
    public let other: Other

    /// Makes the publisher; prefer `upstream.drop(untilOutputFrom: other)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - other: The publisher whose first value opens the gate.
    @inlinable
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Gives `subscriber` its subscription, then subscribes the trigger, then the upstream
    /// (Combine's order).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let gate = UntilOutputGate(subscriber, endsAtTrigger: false)
      gate.delivery.receive(subscription: gate)
      other.subscribe(gate.trigger(Other.Output.self) { gate.triggerEnded($0) })
      upstream.subscribe(gate)
    }
  }
}

/// Equal when the publishers are equal (Combine's conformance).
extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}
