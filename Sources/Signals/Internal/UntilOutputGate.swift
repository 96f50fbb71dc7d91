/// The state of one `prefix(untilOutputFrom:)` or `drop(untilOutputFrom:)` subscription: the
/// upstream, the trigger, and the serialized delivery to the subscriber.
///
/// Demand, as Combine's (OpenCombine 0.14's `PrefixUntilOutput` and `DropUntilOutput`): the
/// subscriber's requests go to the upstream; the trigger is asked for one value on its own,
/// whatever the subscriber requested; the trigger's value and the upstream's completion reach
/// the subscriber without demand, so a subscriber that requests nothing still sees the flow end.
/// For `drop`, a value before the trigger asks the upstream for one more, as `filter` does, so
/// the subscriber still receives what it asked for (OpenCombine lets it use up the demand).
@usableFromInline
final class UntilOutputGate<Downstream: Subscriber>: Subscription, @unchecked Sendable {
  // @unchecked: `open` is touched only inside `lock`; `delivery` and the links are thread-safe.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  /// The upstream's link and the trigger's.
  @usableFromInline let links: (UpstreamLink, UpstreamLink)
  /// Whether the trigger ends the flow (`prefix`) or opens it (`drop`).
  @usableFromInline let endsAtTrigger: Bool
  @usableFromInline let lock = Lock()
  /// Whether upstream values are delivered: from the start for `prefix`, after the trigger for
  /// `drop`.
  @usableFromInline @exclusivity(unchecked) var open: Bool
  /// Whether the upstream's subscription has arrived: a value before it is ignored.
  @usableFromInline @exclusivity(unchecked) var attached = false
  /// `drop`: the trigger completed before its value and before the upstream's subscription.
  /// The subscriber has its completion; as Combine's, the upstream's subscription is still
  /// kept when it comes (asked for what the subscriber requested before), its values ignored,
  /// and cancelled by the subscriber's cancel (OpenCombine 0.14's `testLateSubscription`).
  @usableFromInline @exclusivity(unchecked) var finishedEarly = false
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream, endsAtTrigger: Bool) {
    // `prefix` passes every upstream value on, with or without demand, as Combine's does.
    delivery = SerialDelivery(downstream, overflow: endsAtTrigger ? .deliver : .buffer)
    let role: LinkRole = endsAtTrigger ? .prefixUntilOutput : .dropUntilOutput
    links = (UpstreamLink(role: role), UpstreamLink(role: role))
    self.endsAtTrigger = endsAtTrigger
    open = endsAtTrigger
    delivery.forwardDemand(to: [links.0])
    links.1.request(.max(1))
  }

  /// Adds to the subscriber's demand, which goes to the upstream. For `prefix`, a request of
  /// `.none` goes to the upstream too, as Combine's passes every request through.
  @inlinable func request(_ demand: Subscribers.Demand) {
    if demand == .none {
      if endsAtTrigger { links.0.requestNothing() }
      return
    }
    delivery.request(demand)
  }

  /// The trigger's subscriber; `ended` handles a completion that comes before its first value.
  /// It has the gate's combine identifier: as in Combine, the upstream and the trigger see one
  /// subscriber.
  @inlinable func trigger<Value, TriggerFailure: Error>(
    _: Value.Type, ended: @escaping (Subscribers.Completion<TriggerFailure>) -> Void
  ) -> GateTrigger<Value, TriggerFailure> {
    GateTrigger(
      input: LinkedInput(link: links.1, receiveValue: { [self] _ in fire() }, receiveCompletion: ended),
      combineIdentifier: CombineIdentifier(self))
  }

  /// An upstream value: delivered once open, returning what the subscriber adds for it (as
  /// Combine's `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)` return it); else dropped
  /// with a request for one more, returning `.none` (Combine's returns `.none` for it too).
  @inlinable func pass(_ value: Downstream.Input) -> Subscribers.Demand {
    let (isOpen, isAttached, isFinished) = lock.withLock { (open, attached, finishedEarly) }
    // Before the upstream's subscription (Combine's `prefix` ignores such a value, its `drop`
    // traps), or after `drop` finished early.
    guard isAttached, !isFinished else { return .none }
    if isOpen {
      return delivery.send(from: nil, returning: true) { value }
    }
    links.0.request(.max(1))
    return .none
  }

  /// The trigger's first value: ends the flow, or opens it. The trigger is cancelled either way
  /// (Combine's `prefix` leaves it subscribed, so a timer trigger would go on running; here
  /// nothing outlives the flow).
  @inlinable func fire() {
    // A value before the trigger's subscription is ignored, as Combine's.
    guard links.1.isAttached, links.1.terminate() else { return }
    if endsAtTrigger {
      // Before the upstream's subscription, Combine's `prefix` finishes without giving its
      // subscription (`testTerminatorEmitsValueBeforeUpstreamSendsSubscription`).
      if !lock.withLock({ attached }) { delivery.dropHeldSubscription() }
      end(.finished, upstreamEnded: false)
    } else {
      lock.withLock { open = true }
    }
  }

  /// A completion of the trigger before its first value: ignored (`prefix`: the upstream goes on
  /// alone).
  @inlinable func triggerEnded() { _ = links.1.terminate(cancelUpstream: false) }

  /// `drop`: a completion of the trigger before its first value ends the flow. Before the
  /// upstream's subscription, Combine's leaves the upstream's link open (see `finishedEarly`).
  @inlinable func triggerEnded(_ completion: Subscribers.Completion<Downstream.Failure>) {
    let upstreamAttached = lock.withLock { () -> Bool in
      if !attached { finishedEarly = true }
      return attached
    }
    guard !upstreamAttached else { return end(completion, upstreamEnded: false) }
    guard links.1.terminate(cancelUpstream: false) else { return }
    _ = delivery.receive(completion: completion)
  }

  /// Lets go of both inputs (cancelling the upstream unless it ended, and a trigger still
  /// waiting for its value), then delivers `completion` behind any value waiting for demand:
  /// as in Combine, the subscriber's completion comes after the cancels.
  @inlinable func end(_ completion: Subscribers.Completion<Downstream.Failure>, upstreamEnded: Bool) {
    guard links.0.terminate(cancelUpstream: !upstreamEnded) else { return }
    _ = links.1.terminate()
    _ = delivery.receive(completion: completion)
  }

  @inlinable func cancel() {
    delivery.cancel()
    _ = links.0.terminate()
    _ = links.1.terminate()
  }
}

/// The gate is the upstream's subscriber as well as the subscriber's subscription: one object,
/// as Combine's `PrefixUntilOutput` and `DropUntilOutput` subscribe upstream with the
/// subscription they give downstream.
extension UntilOutputGate: Subscriber {
  /// Keeps the upstream's first subscription (a later one is cancelled); `prefix` then gives
  /// this subscription to the subscriber (Combine's handshake), `drop` has already.
  @inlinable func receive(subscription: any Subscription) {
    // Marked first: attaching asks for the demand requested before, and a synchronous upstream
    // sends its values from inside that request.
    lock.withLock { attached = true }
    if links.0.attach(subscription), endsAtTrigger { delivery.completeHandshake() }
  }
  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    links.0.isTerminated ? .none : pass(input)
  }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    guard !links.0.isTerminated else { return }
    // Combine's `prefix` passes on no completion that comes before the upstream's
    // subscription; it only cancels the trigger
    // (`testPrefixUntilOutputReceiveCompletionBeforeSubscription`).
    if endsAtTrigger, !lock.withLock({ attached }) {
      _ = links.0.terminate(cancelUpstream: false)
      _ = links.1.terminate()
      return delivery.cancel()
    }
    end(completion, upstreamEnded: true)
  }
}

/// The trigger's subscriber: the gate's input for it, under the gate's combine identifier.
@usableFromInline
struct GateTrigger<Input, Failure: Error>: Subscriber {
  @usableFromInline let input: LinkedInput<Input, Failure>
  @usableFromInline let combineIdentifier: CombineIdentifier

  @inlinable init(input: LinkedInput<Input, Failure>, combineIdentifier: CombineIdentifier) {
    self.input = input
    self.combineIdentifier = combineIdentifier
  }

  @inlinable func receive(subscription: any Subscription) { input.receive(subscription: subscription) }
  @inlinable func receive(_ value: Input) -> Subscribers.Demand { input.receive(value) }
  @inlinable func receive(completion: Subscribers.Completion<Failure>) {
    input.receive(completion: completion)
  }
}
