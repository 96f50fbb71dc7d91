/// A machine's handle for one subscriber of a stream it publishes only as things happen
/// (`transitions`, `macrosteps`), with `PassthroughSubject`'s demand rules: a value reaches the
/// subscriber only if it has outstanding demand, and is dropped for it otherwise (nothing is
/// kept for a later request).
///
/// Every call to the subscriber is made by the thread running the machine (the one that holds
/// its claim), so calls never overlap and are ordered with the machine's states. A request from
/// any thread only adds to the demand (nothing waits for it, so it needs no turn); a cancel
/// stops deliveries at once and asks the machine for a turn (`notify`) to drop the handle from
/// its list and let the subscriber go, now or right after the event running.
@usableFromInline
final class PassthroughObserver<Downstream: Subscriber>: SubscriberHandleOf<HeldSubscriber<Downstream>>,
  Subscription,
  @unchecked Sendable
where Downstream.Failure == Never {
  // @unchecked: `notify` is immutable; the rest is as `SubscriberHandleOf`'s.
  /// Asks the machine to drop the cancelled handles from its lists (a job: `prune`).
  @usableFromInline let notify: () -> Void
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable
  init(downstream: Downstream, notify: @escaping () -> Void) {
    self.notify = notify
    super.init(id: 0, tag: 0, downstream: downstream) { handle, signal, payload in
      unsafeDowncast(handle, to: PassthroughObserver.self).handle(signal, payload)
    }
  }

  /// What `route` does with each signal (specialized with it). Called only by the running thread.
  @inlinable @inline(__always)
  func handle(_ signal: HandleSignal, _ payload: SignalPayload) {
    switch signal {
    case .value:
      // Unlimited demand costs a load (CONTRIBUTING); limited demand is taken one by one.
      guard isActive, demand.isUnlimited || demand.take() else { return }
      payload.withValue(Downstream.Input.self) { demand.add(receive($0)) }
    case .start: receive(subscription: self)
    case .completion:
      if deactivate() { receive(completion: payload.load(Subscribers.Completion<Never>.self)) }
    case .releaseSubscriber: releaseSubscriber()
    case .startEnded, .flush, .detach, .requestFlush, .acknowledgeDemand, .reportParent: break
    }
  }

  @inlinable func request(_ demand: Subscribers.Demand) {
    guard demand > .none, isActive else { return }
    self.demand.add(demand)
  }

  @inlinable func cancel() {
    if deactivate() { notify() }
  }
}
