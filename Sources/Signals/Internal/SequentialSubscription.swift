import Synchronization

/// One subscription of `catch`, `tryCatch`, `append` or `prepend`: a link to a first publisher,
/// then, when it fails (`catch`) or finishes (`append`), a link to the next one, which is asked
/// for the demand still outstanding.
///
/// What a publisher sends before its subscription is ignored, as Combine's `catch` and
/// `Concatenate` ignore it (where Combine traps instead, on `catch`'s first publisher sending a
/// value or a failure that early, this ignores it too): a value returns `.none` and reaches no
/// one, a completion ends nothing, and the publisher may still subscribe properly afterwards.
///
/// Lifetime: `append`'s second publisher (and the closures of the operators in it) is kept in
/// the subscription, not in the first publisher's subscriber, and let go of when it is
/// subscribed, when the first fails, or at cancel, as OpenCombine's `Concatenate` lets go of it:
/// a first publisher that keeps its subscriber after a cancel keeps no second one.
@usableFromInline
final class SequentialSubscription<UpstreamFailure: Error, NewPublisher: Publisher, Downstream: Subscriber>:
  Subscription,
  @unchecked Sendable
where Downstream.Input == NewPublisher.Output, Downstream.Failure == NewPublisher.Failure {
  // @unchecked: `handler` is immutable and called once, serially; links are thread-safe;
  // `following` is touched only inside `lock`.
  @usableFromInline let downstream: Downstream
  @usableFromInline let handler: (UpstreamFailure) -> Result<NewPublisher, NewPublisher.Failure>
  @usableFromInline let links: (UpstreamLink, UpstreamLink)
  /// The downstream's outstanding demand, asked again of the second publisher.
  @usableFromInline let demand = AtomicDemand()
  @usableFromInline let handshake = Handshake()
  /// Whether the second publisher's subscription has arrived (set just after; until then
  /// `links.1.isAttached` answers, under its lock).
  @usableFromInline let secondSubscribed = Atomic<Bool>(false)
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)
  /// Combine's name for the operator, the subscription's `description` (`"Catch"`).
  @usableFromInline let name: String
  @usableFromInline let lock = Lock()
  /// `append`'s second publisher, until it is subscribed, the first fails, or a cancel.
  @usableFromInline @exclusivity(unchecked) var following: NewPublisher?

  @inlinable init(
    _ downstream: Downstream, name: String,
    handler: @escaping (UpstreamFailure) -> Result<NewPublisher, NewPublisher.Failure>
  ) {
    self.downstream = downstream
    self.name = name
    links = (UpstreamLink(role: LinkRole(name: name)), UpstreamLink(role: LinkRole(name: name)))
    self.handler = handler
  }

  /// The subscriber for the first publisher; when it finishes, `next` (if any) is subscribed.
  /// Both publishers' subscribers stand for this subscription (its combine identifier,
  /// description and mirror), as Combine's `catch` and `Concatenate` subscribe both with one
  /// object; they are distinct types, as Combine's are.
  @inlinable func first(
    onFinish next: NewPublisher? = nil
  ) -> OwnedInput<SequentialSubscription, Downstream.Input, UpstreamFailure, FirstInput> {
    let appends = next != nil
    if let next { lock.withLock { following = next } }
    let input = LinkedInput<Downstream.Input, UpstreamFailure>(
      link: links.0,
      returningDemand: { [self] value in
        // The handshake is done when the first publisher's subscription arrives.
        guard handshake.isDone else { return .none }
        // Combine's `Concatenate` drops a value of its first publisher that finds no demand
        // (one that breaks the protocol); `catch` passes it on.
        guard appends else { return deliver(value) }
        if demand.isUnlimited { return downstream.receive(value) }
        guard demand.take() else { return .none }
        return deliverCounted(value)
      },
      onSubscribe: giveSubscription
    ) { [self] completion in
      guard handshake.isDone, links.0.terminate(cancelUpstream: false) else { return }
      // Taken out of the lock; when the first failed, released as this call returns.
      let next = appends ? lock.withLock { following.take() } : nil
      switch completion {
      case .finished:
        if appends {
          // `nil` only when a cancel came meanwhile.
          guard let next else { return }
          links.1.request(demand.value)
          next.subscribe(second)
        } else if links.1.terminate() {
          giveSubscription()
          downstream.receive(completion: .finished)
        }
      case .failure(let error):
        switch handler(error) {
        case .success(let replacement):
          links.1.request(demand.value)
          replacement.subscribe(second)
        case .failure(let error):
          if links.1.terminate() {
            giveSubscription()
            downstream.receive(completion: .failure(error))
          }
        }
      }
    }
    return OwnedInput(input, owner: self)
  }

  @inlinable var second: OwnedInput<SequentialSubscription, Downstream.Input, Downstream.Failure, SecondInput>
  {
    let input = LinkedInput<Downstream.Input, Downstream.Failure>(
      link: links.1,
      returningDemand: { [self] value in isSecondSubscribed ? deliver(value) : .none },
      onSubscribe: { [self] in secondSubscribed.store(true, ordering: .releasing) }
    ) { [self] completion in
      if isSecondSubscribed, links.1.terminate(cancelUpstream: false) {
        giveSubscription()
        downstream.receive(completion: completion)
      }
    }
    return OwnedInput(input, owner: self, as: SecondInput.self)
  }

  /// Whether the second publisher has given its subscription: lock-free once it has, and under
  /// the link's lock for what it sends while it is being attached (the demand outstanding is
  /// requested inside `attach`, before `onSubscribe` sets the flag).
  @inlinable var isSecondSubscribed: Bool {
    secondSubscribed.load(ordering: .acquiring) || links.1.isAttached
  }

  /// Gives this subscription downstream, once: when the first upstream has given its own
  /// (Combine's handshake: upstream first), or before a completion at the latest.
  @inlinable func giveSubscription() {
    handshake.once { downstream.receive(subscription: self) }
  }

  /// Delivers a value, counting the demand it uses; returns what the downstream adds to the
  /// publisher that sent it, as Combine's `catch` and `append` do.
  @inlinable func deliver(_ value: Downstream.Input) -> Subscribers.Demand {
    if demand.isUnlimited { return downstream.receive(value) }
    _ = demand.take()
    return deliverCounted(value)
  }

  /// Delivers a value whose demand has been counted already; returns what the downstream adds.
  @inlinable func deliverCounted(_ value: Downstream.Input) -> Subscribers.Demand {
    let more = downstream.receive(value)
    demand.add(more)
    return more
  }

  /// Adds to the demand and asks the publisher now subscribed for it; a request for nothing
  /// reaches that publisher too, as Combine's `Concatenate` and `Catch` pass every request on.
  @inlinable func request(_ more: Subscribers.Demand) {
    guard more > 0 else {
      (links.0.isTerminated ? links.1 : links.0).requestNothing()
      return
    }
    demand.add(more)
    (links.0.isTerminated ? links.1 : links.0).request(more)
  }

  @inlinable func cancel() {
    links.0.terminate()
    links.1.terminate()
    // Released here, outside the lock: releasing it may run any deinitializer.
    let dropped = lock.withLock { following.take() }
    withExtendedLifetime(dropped) {}
  }
}

extension SequentialSubscription: CustomStringConvertible, CustomReflectable,
  CustomPlaygroundDisplayConvertible
{
  /// Combine's name for the operator (`"Catch"`, `"Concatenate"`).
  @usableFromInline var description: String { name }
  /// What Combine's mirror shows: `catch` and `tryCatch` the subscriber and its outstanding
  /// demand, `append` and `prepend` (`Concatenate`) nothing.
  @usableFromInline var customMirror: Mirror {
    if name == "Concatenate" { return Mirror(self, children: EmptyCollection()) }
    let children: [Mirror.Child] = [("downstream", downstream), ("demand", demand.value)]
    return Mirror(self, children: children)
  }
  /// The operator's name, as `description`.
  @usableFromInline var playgroundDescription: Any { name }
}
