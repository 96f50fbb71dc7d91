import Synchronization

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

/// The path to one subscriber of a machine's `statePublisher`, as the machine's list keeps it: the
/// handle (flags and demand, read without knowing the subscriber's type) and a closure compiled
/// for the subscriber's type (a method of the generic handle, called from the machine, would run
/// unspecialized).
@usableFromInline
struct StateObserverPath<State> {
  @usableFromInline let handle: StateObserverState
  @usableFromInline let call: (StateObserverCall<State>) -> Void

  @inlinable init(handle: StateObserverState, call: @escaping (StateObserverCall<State>) -> Void) {
    self.handle = handle
    self.call = call
  }
}

/// The part of a `statePublisher` subscription the machine reads: whether it is active, whether a
/// state waits for demand, and the demand.
@usableFromInline
class StateObserverState: @unchecked Sendable {
  // @unchecked: the stored properties are atomic.

  /// Bit 0: active; bit 1: a state waits for demand (set and cleared by the machine's running
  /// thread only).
  @usableFromInline final let flags = Atomic<UInt8>(1)
  /// The outstanding demand: requests add to it from any thread; only the machine's running
  /// thread takes from it.
  @usableFromInline final let demand = AtomicDemand()

  @inlinable init() {}

  @inlinable final var isActive: Bool { flags.load(ordering: .acquiring) & 1 != 0 }
  @inlinable final var isWaiting: Bool { flags.load(ordering: .sequentiallyConsistent) & 2 != 0 }
  /// Active, and no state waits: a state may go straight to the subscriber if it has demand.
  @inlinable final var isActiveAndClear: Bool { flags.load(ordering: .acquiring) == 1 }

  /// Clears the active bit; returns whether this call was the one that cleared it.
  @inlinable final func deactivate() -> Bool {
    flags.bitwiseAnd(~1, ordering: .acquiringAndReleasing).oldValue & 1 != 0
  }

  @inlinable final func setWaiting(_ waiting: Bool) {
    if waiting {
      flags.bitwiseOr(2, ordering: .sequentiallyConsistent)
    } else {
      flags.bitwiseAnd(~2, ordering: .sequentiallyConsistent)
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
final class StateObserver<Downstream: Subscriber>: StateObserverState, Subscription, @unchecked Sendable
where Downstream.Failure == Never {
  // @unchecked: `downstream` and `notify` are immutable; the rest is atomic.
  @usableFromInline let downstream: Downstream
  /// Asks the machine for a turn: `true` to deliver a waiting state, `false` to drop this
  /// handle from its list.
  @usableFromInline let notify: (StateObserver<Downstream>, Bool) -> Void
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable
  init(downstream: Downstream, notify: @escaping (StateObserver<Downstream>, Bool) -> Void) {
    self.downstream = downstream
    self.notify = notify
    super.init()
  }

  /// The closure the machine keeps for this subscriber (its context is this object).
  @inlinable @inline(__always)
  var path: StateObserverPath<Downstream.Input> {
    StateObserverPath(handle: self) { [self] call in
      switch call {
      case .value(let state):
        if demand.isUnlimited && isActiveAndClear {
          _ = downstream.receive(state)
        } else {
          offer(state)
        }
      case .start(let state):
        downstream.receive(subscription: self)
        offer(state)
      case .flush(let state):
        guard isActive, isWaiting, demand.take() else { return }
        setWaiting(false)
        demand.add(downstream.receive(state))
      case .finish:
        if deactivate() { downstream.receive(completion: .finished) }
      }
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
        demand.add(downstream.receive(state))
      }
      return
    }
    demand.add(downstream.receive(state))
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
