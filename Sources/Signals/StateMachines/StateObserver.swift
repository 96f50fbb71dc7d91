/// What a machine asks of one subscriber of its `statePublisher`.
@usableFromInline
enum StateObserverCall<State> {
  /// Give the subscriber its subscription, then the current state (as its demand allows).
  case start(State)
  /// A new state.
  case value(State)
  /// The subscriber asked for more while a state waited for it: deliver the current one.
  case flush(State)
  /// The machine stopped (a statechart's top-level final state): finish the subscriber.
  case finish
}

/// One subscriber of a machine's `statePublisher`, as the machine's list keeps it: its handle,
/// the same `SubscriberHandle` a subject keeps for each subscriber, whose path is compiled for
/// the subscriber's type.
@usableFromInline
struct StateObserverPath<State> {
  // Exactly one reference wide: `StateMachine.publish()` reads the list as unmanaged handles.
  @usableFromInline let handle: SubscriberHandle<State, Never>

  @inlinable init(handle: SubscriberHandle<State, Never>) { self.handle = handle }

  /// Tells the subscriber `call` (the machine's running thread).
  @inlinable @inline(__always)
  func call(_ call: StateObserverCall<State>) {
    switch call {
    case .value(let state): handle.call(value: state)
    case .start(let state):
      handle.call(.start)
      handle.call(value: state)
    case .flush(let state): handle.call(flush: state)
    case .finish: handle.call(completion: .finished)
    }
  }
}

/// A machine's handle for one subscriber of its `statePublisher`, with `CurrentValueSubject`'s
/// demand rules: a subscriber with no outstanding demand is sent nothing, and receives the
/// machine's newest state when it next requests (the states in between are skipped for it).
///
/// Every call to the subscriber is made by the thread running the machine (the one that holds
/// its claim), so calls never overlap and are ordered with the machine's states; a request or
/// a cancel from elsewhere asks the machine for a turn (`notify`), which runs now or right after
/// the event running.
@usableFromInline
final class StateObserver<Downstream: Subscriber>: SubscriberHandleOf<HeldSubscriber<Downstream>>,
  Subscription,
  @unchecked Sendable
where Downstream.Failure == Never {
  // @unchecked: `notify` is immutable; the rest is as `SubscriberHandleOf`'s.
  /// Asks the machine for a turn: `true` to deliver a waiting state, `false` to drop this
  /// handle from its list.
  @usableFromInline let notify: (StateObserver<Downstream>, Bool) -> Void
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable
  init(downstream: Downstream, notify: @escaping (StateObserver<Downstream>, Bool) -> Void) {
    self.notify = notify
    super.init(id: 0, tag: 0, downstream: downstream) { handle, signal, payload in
      unsafeDowncast(handle, to: StateObserver.self).handle(signal, payload)
    }
  }

  /// What the machine keeps for this subscriber.
  @inlinable @inline(__always)
  var path: StateObserverPath<Downstream.Input> { StateObserverPath(handle: self) }

  /// What `route` does with each signal (specialized with it). Called only by the running thread.
  @inlinable @inline(__always)
  func handle(_ signal: HandleSignal, _ payload: SignalPayload) {
    switch signal {
    case .value:
      payload.withValue(Downstream.Input.self) { state in
        if demand.isUnlimited && isActiveAndClear {
          _ = receive(state)
        } else {
          offer(state)
        }
      }
    case .start: receive(subscription: self)
    case .flush:
      guard isActive, isWaiting, demand.take() else { return }
      setWaiting(false)
      payload.withValue(Downstream.Input.self) { demand.add(receive($0)) }
    case .completion:
      if deactivate() { receive(completion: payload.load(Subscribers.Completion<Never>.self)) }
    case .startEnded, .detach, .requestFlush, .acknowledgeDemand, .releaseSubscriber, .reportParent: break
    }
  }

  /// Delivers `state` if the subscriber asked for it; otherwise marks it waiting (the machine
  /// delivers its newest state on the next request). Called only by the running thread.
  @inlinable func offer(_ state: Downstream.Input) {
    guard isActive else { return }
    if isWaiting || !demand.take() {
      setWaiting(true)
      // A request that came before the flag was set did not ask for a turn: deliver now.
      if demand.value > .none, demand.take() {
        setWaiting(false)
        demand.add(receive(state))
      }
      return
    }
    demand.add(receive(state))
  }

  @inlinable func request(_ demand: Subscribers.Demand) {
    guard demand > .none, isActive else { return }
    self.demand.add(demand)
    if isWaiting { notify(self, true) }
  }

  @inlinable func cancel() {
    if deactivate() { notify(self, false) }
  }
}
