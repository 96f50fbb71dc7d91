extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// Delivers the values of the most recent publisher this publisher produced, cancelling the
  /// previous one each time a new one arrives.
  ///
  /// ```
  /// upstream:                            -a--b-----|
  /// inner(a):                             --x--|
  /// inner(b):                                ---y-|
  /// map { inner($0) }.switchToLatest():  ---x---y--|
  /// ```
  ///
  /// - Returns: A publisher of the latest inner publisher's values.
  ///
  /// where `search` answers 4 frames later: the answer to `a` (due at frame 5) never arrives,
  /// because `b` replaced it at frame 4. (From `TimeMarbleTests`, one frame = 1 ms.)
  ///
  /// The usual shape of "search as you type": `query.map(search).switchToLatest()`. Finishes
  /// when the upstream and the current inner publisher have finished. A failure of either is
  /// forwarded at once and cancels the other (as in Combine, an inner publisher whose
  /// subscription has not arrived yet is asked for the outstanding demand when it does, its
  /// values dropped; an inner publisher that failed is not cancelled). Threading: inner publishers may produce on any
  /// thread; the subscriber receives one call at a time, and once a new inner publisher has
  /// arrived nothing more of the previous one is delivered. Demand, as in Combine: the upstream
  /// is asked for everything; the subscriber's requests go to the current inner publisher, and a
  /// new one is asked for what is outstanding. An inner failure cancels the upstream first, and
  /// an upstream failure the current inner publisher, then is delivered (Combine's order).
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Failure == Never {
  /// `switchToLatest` for a publisher that cannot fail, of publishers that can.
  ///
  /// Diagram: see `switchToLatest()`, the form whose publishers share one failure type.
  ///
  /// - Returns: A publisher of the latest inner publisher's values.
  @inlinable
  public func switchToLatest()
    -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>>
  {
    setFailureType(to: Output.Failure.self).switchToLatest()
  }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
  /// `switchToLatest` for inner publishers that cannot fail, under a publisher that can.
  ///
  /// Diagram: see `switchToLatest()`, the form whose publishers share one failure type.
  ///
  /// - Returns: A publisher of the latest inner publisher's values.
  @inlinable
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Output, Failure>,
      Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    >
  {
    map { $0.setFailureType(to: Failure.self) }.switchToLatest()
  }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
  /// `switchToLatest` when neither the publisher nor its inner publishers can fail.
  ///
  /// Diagram: see `switchToLatest()`, the form whose publishers share one failure type.
  ///
  /// - Returns: A publisher of the latest inner publisher's values.
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publishers {
  /// The publisher `switchToLatest()` returns.
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where Upstream.Output == P, P.Failure == Upstream.Failure {
    /// The inner publishers' output type.
    public typealias Output = P.Output
    /// The shared failure type.
    public typealias Failure = P.Failure

    /// The publisher of publishers.
    public let upstream: Upstream

    /// Makes the publisher; prefer `upstream.switchToLatest()`.
    ///
    /// - Parameter upstream: The publisher of inner publishers.
    @inlinable public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes `subscriber`, then the upstream (with the same object, as Combine does).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = SwitchState<P, S>(subscriber)
      state.delivery.onDemand(state.forwardToCurrent)
      subscriber.receive(subscription: state)
      state.outerLink.request(.unlimited)
      upstream.subscribe(state)
    }
  }
}

/// The subscription `switchToLatest` gives its subscriber, and the subscriber it gives its
/// upstream: one object, as Combine's is.
@usableFromInline
final class SwitchState<Inner: Publisher, Downstream: Subscriber>: Subscription, Subscriber,
  @unchecked Sendable
where Downstream.Input == Inner.Output, Downstream.Failure == Inner.Failure {
  // @unchecked: `current`, `currentUpstream` and `outerFinished` are touched only inside
  // `delivery`'s lock, so a value of a replaced inner publisher is dropped under the same lock
  // that delivers. `lastGeneration` likewise.
  @usableFromInline typealias InnerInput = SwitchInput<Inner, Downstream>
  /// The upstream's values: the inner publishers.
  @usableFromInline typealias Input = Inner
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let outerLink = UpstreamLink(role: .switchToLatest)
  /// The generation of the newest inner publisher, the only one whose events count; `nil`
  /// when it has finished or none has arrived yet.
  @usableFromInline @exclusivity(unchecked) var current: UInt64?
  /// The last generation handed out.
  @usableFromInline @exclusivity(unchecked) var lastGeneration: UInt64 = 0
  /// The newest inner publisher's subscription, once it has arrived.
  @usableFromInline @exclusivity(unchecked) var currentUpstream: (any Subscription)?
  @usableFromInline @exclusivity(unchecked) var outerFinished = false
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream) { delivery = SerialDelivery(downstream) }

  /// Adds to the subscriber's demand; the current inner publisher is asked for it.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  /// Passes the subscriber's demand to the current inner publisher.
  @inlinable func forwardToCurrent(_ demand: Subscribers.Demand) {
    delivery.lock.withLock { currentUpstream }?.request(demand)
  }

  @inlinable func receive(subscription: any Subscription) { outerLink.attach(subscription) }

  /// An inner publisher from the upstream: it becomes the current one.
  @inlinable func receive(_ input: Inner) -> Subscribers.Demand {
    if !outerLink.isTerminated { switchTo(input) }
    return .none
  }

  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    if !outerLink.isTerminated { receiveOuter(completion: completion) }
  }

  /// The upstream's completion: a failure cancels the current inner publisher and goes on; the
  /// finish waits for the current inner publisher to finish.
  @inlinable func receiveOuter(completion: Subscribers.Completion<Downstream.Failure>) {
    guard outerLink.terminate(cancelUpstream: false) else { return }
    // Combine's order: a failure of the upstream cancels the current inner publisher first.
    if case .failure = completion {
      cancelArrivedInner()
      _ = delivery.complete { completion }
      return
    }
    let accepted = delivery.complete {
      outerFinished = true
      return current == nil ? .finished : nil
    }
    if accepted { cancelAll() }
  }

  /// Cancels the current inner publisher's subscription if it has arrived. One still to send
  /// its subscription stays current: as in Combine, an upstream failure does not reach it, and
  /// when its subscription arrives it is asked for the outstanding demand (its values are
  /// dropped, the subscriber being completed).
  @inlinable func cancelArrivedInner() {
    let inner = delivery.lock.withLock { () -> (any Subscription)? in
      guard let subscription = currentUpstream else { return nil }
      current = nil
      currentUpstream = nil
      return subscription
    }
    inner?.cancel()
  }

  /// Makes `publisher` the current inner publisher: from now on only its events count, and the
  /// previous one is cancelled. The inner subscriber is a value carrying its generation, so a
  /// switch allocates nothing here.
  @inlinable @inline(__always) func switchTo(_ publisher: Inner) {
    // A `Just` answers its subscriber's first request with its value and its finish, at once:
    // with demand outstanding, it is done without a subscription (no inner subscription object,
    // two lock rounds instead of four). In code specialized for the inner type this test is
    // decided at compile time.
    if let just = publisher as? Just<Inner.Output>, switchedToJust(just.output) { return }
    let (generation, previous) = delivery.lock.withLock { () -> (UInt64?, (any Subscription)?) in
      if delivery.closed { return (nil, nil) }
      lastGeneration &+= 1
      defer {
        current = lastGeneration
        currentUpstream = nil
      }
      return (lastGeneration, currentUpstream)
    }
    previous?.cancel()
    if let generation { publisher.subscribe(InnerInput(state: self, generation: generation)) }
  }

  /// Makes a `Just` of `value` the current inner publisher, finished, and delivers `value`, if
  /// the subscriber has demand outstanding (what `attach` would request from it); returns
  /// `false`, having changed nothing, if it has none (the `Just` then waits for a request as any
  /// inner publisher does).
  ///
  /// When there is no previous inner publisher to cancel and nothing is being delivered or
  /// waits, the value goes out from this lock round: the switch takes the demand and the
  /// delivery together (one lock round per value instead of two). Otherwise the previous one is
  /// cancelled first and the value is sent as any value is.
  @inlinable func switchedToJust(_ value: Downstream.Input) -> Bool {
    let (handled, generation, previous, deliversNow) = delivery.lock.withLock {
      () -> (Bool, UInt64, (any Subscription)?, Bool) in
      if delivery.closed { return (true, 0, nil, false) }
      guard delivery.demand - delivery.pendingValues > 0 else { return (false, 0, nil, false) }
      lastGeneration &+= 1
      // Finished as soon as subscribed: what the inner finish does when the upstream has not
      // finished (it cannot have: this runs inside its value).
      current = nil
      guard let previous = currentUpstream else {
        if delivery.pendingValues == 0, !delivery.drainerIsActive() {
          delivery.demand -= 1
          delivery.claimDrain()
          return (true, lastGeneration, nil, true)
        }
        return (true, lastGeneration, nil, false)
      }
      currentUpstream = nil
      return (true, lastGeneration, previous, false)
    }
    if deliversNow {
      // What `delivery.send` does once it has claimed the drain for a value.
      let more = delivery.downstream.receive(value)
      delivery.drain(carrying: .init(more))
      return true
    }
    guard handled, generation != 0 else { return handled }
    previous?.cancel()
    delivery.send { lastGeneration == generation ? value : nil }
    return true
  }

  @inlinable func attach(_ subscription: any Subscription, for input: InnerInput) {
    let outstanding = delivery.lock.withLock { () -> Subscribers.Demand? in
      guard current == input.generation, currentUpstream == nil else {
        // The newest inner publisher, already finished, sending a subscription again: Combine
        // neither cancels it nor asks it for anything.
        let finishedNewest = current == nil && input.generation == lastGeneration && !delivery.closed
        return finishedNewest ? Subscribers.Demand.none : nil
      }
      currentUpstream = subscription
      return delivery.demand - delivery.pendingValues
    }
    guard let outstanding else {
      subscription.cancel()
      return
    }
    if outstanding > 0 { subscription.request(outstanding) }
  }

  /// Delivers a value of the current inner publisher; returns what the subscriber adds for it,
  /// for the inner publisher (Combine's `switchToLatest` returns it rather than requesting it).
  @inlinable func receive(_ value: Downstream.Input, from input: InnerInput) -> Subscribers.Demand {
    delivery.send(from: nil, returning: true) { current == input.generation ? value : nil }
  }

  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>, from input: InnerInput) {
    if case .failure = completion,
      delivery.lock.withLock({ current == input.generation && !delivery.closed })
    {
      outerLink.terminate()
    }
    var finishedUpstream: (any Subscription)?
    let accepted = delivery.complete {
      guard current == input.generation else { return nil }
      // Done with this inner publisher either way: Combine does not cancel one that failed.
      finishedUpstream = currentUpstream
      current = nil
      currentUpstream = nil
      if case .failure = completion { return completion }
      return outerFinished ? .finished : nil
    }
    withExtendedLifetime(finishedUpstream) {}
    if accepted { cancelAll() }
  }

  /// Cancels the current inner publisher, then the upstream: Combine's order when the
  /// subscriber cancels (an inner failure terminates the upstream first itself).
  @inlinable func cancelAll() {
    let inner = delivery.lock.withLock { () -> (any Subscription)? in
      defer {
        current = nil
        currentUpstream = nil
      }
      return currentUpstream
    }
    inner?.cancel()
    outerLink.terminate()
  }

  @inlinable func cancel() {
    delivery.cancel()
    cancelAll()
  }
}

/// The subscriber `switchToLatest` gives each inner publisher: the state, and the generation
/// that tells the state whether this inner publisher is still the current one.
@usableFromInline
struct SwitchInput<Inner: Publisher, Downstream: Subscriber>: Subscriber, Sendable
where Downstream.Input == Inner.Output, Downstream.Failure == Inner.Failure {
  @usableFromInline let state: SwitchState<Inner, Downstream>
  @usableFromInline let generation: UInt64

  @inlinable init(state: SwitchState<Inner, Downstream>, generation: UInt64) {
    self.state = state
    self.generation = generation
  }

  @inlinable func receive(subscription: any Subscription) { state.attach(subscription, for: self) }
  @inlinable func receive(_ input: Inner.Output) -> Subscribers.Demand {
    state.receive(input, from: self)
  }
  @inlinable func receive(completion: Subscribers.Completion<Inner.Failure>) {
    state.receive(completion: completion, from: self)
  }
}
