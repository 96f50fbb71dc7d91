import Synchronization

/// The engine behind every subject: a list of subscribers, an optional replay buffer, and a
/// serialized delivery.
///
/// Delivery is serialized without holding a lock while subscribers run: the first thread to send
/// becomes the drainer, delivers, and then delivers whatever other threads or re-entrant calls
/// queued meanwhile (values, completions and new subscriptions, in the order they were made).
/// So a subscriber never receives overlapping calls, re-entrant sends neither deadlock nor
/// nest, and no value is lost except where a subscriber's demand says so.
///
/// Demand, as in Combine's subjects: each subscriber's handle counts what its subscriber
/// requested. A value sent when a subscriber has no outstanding demand is dropped for it, except
/// that a subject that replays (`CurrentValueSubject`: its current value; `ReplaySubject`: its
/// last values) keeps the newest such values for that subscriber and delivers them when it
/// requests more. A subscriber that requested `.unlimited` costs one more load per value. In the
/// uncontended case a send takes the lock twice and copies nothing.
@usableFromInline
final class Broadcaster<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked: every `var` below is read and written only inside `lock`; subscribers are called
  // only by the single thread that set `draining`.
  @usableFromInline typealias Deliver = ConduitPath<Output, Failure>

  @usableFromInline enum Event {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
    case subscribe(ConduitState<Output, Failure>, Deliver)
    /// A subscriber asked for more and has kept values waiting.
    case flush(UInt64)
  }

  @usableFromInline enum Step {
    case value(Output, ContiguousArray<Deliver?>)
    case completion(Subscribers.Completion<Failure>, ContiguousArray<Deliver?>)
    case subscribe(Deliver, ArraySlice<Output>, Subscribers.Completion<Failure>?)
    case flush(Deliver)
  }

  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var list = SubscriberList<Deliver>()
  @usableFromInline @exclusivity(unchecked) var pending = FIFOQueue<Event>()
  @usableFromInline @exclusivity(unchecked) var draining = false
  /// The completion sent (it may still wait in `pending`); no value is accepted after it.
  @usableFromInline @exclusivity(unchecked) var sentCompletion: Subscribers.Completion<Failure>?
  /// The completion delivered; subscribers that come after it get it at once.
  @usableFromInline @exclusivity(unchecked) var deliveredCompletion: Subscribers.Completion<Failure>?
  /// The values new subscribers receive first; updated as values are delivered.
  @usableFromInline @exclusivity(unchecked) var replay: ReplayBuffer<Output>
  /// The last value accepted by `send`, kept only when `keepsLatest`.
  @usableFromInline @exclusivity(unchecked) var latest: Output?
  @usableFromInline let keepsLatest: Bool
  /// Whether subscribers that come after the completion get the replayed values before it
  /// (`ReplaySubject`), or only the completion (`CurrentValueSubject`, as in Combine).
  @usableFromInline let replaysAfterCompletion: Bool

  @inlinable init(replay capacity: Int, latest: Output? = nil, replaysAfterCompletion: Bool = true) {
    replay = ReplayBuffer(capacity: capacity)
    keepsLatest = latest != nil
    self.replaysAfterCompletion = replaysAfterCompletion
    self.latest = latest
    if let latest { replay.append(latest) }
  }

  /// The number of subscribers attached now.
  @inlinable var subscriberCount: Int { lock.withLock { list.count } }

  @inlinable var latestValue: Output? { lock.withLock { latest } }

  @inlinable func send(_ value: Output) {
    let snapshot: ContiguousArray<Deliver?>? = lock.withLock {
      guard sentCompletion == nil else { return nil }
      if keepsLatest { latest = value }
      if draining {
        pending.append(.value(value))
        return nil
      }
      draining = true
      replay.append(value)
      return list.snapshot
    }
    guard let snapshot else { return }
    for case let deliver? in snapshot { deliver.call(.value(value)) }
    drain()
  }

  @inlinable func send(completion: Subscribers.Completion<Failure>) {
    let conduits: ContiguousArray<Deliver?>? = lock.withLock {
      guard sentCompletion == nil else { return nil }
      sentCompletion = completion
      if draining {
        pending.append(.completion(completion))
        return nil
      }
      draining = true
      deliveredCompletion = completion
      return list.removeAll()
    }
    guard let conduits else { return }
    for case let deliver? in conduits { deliver.call(.completion(completion)) }
    drain()
  }

  @inlinable @inline(__always)
  func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    let step: Step? = lock.withLock {
      let conduit = BroadcastConduit(
        id: list.makeID(), broadcaster: self, backlog: replay.capacity, downstream: subscriber)
      let deliver = ConduitPath(call: conduit.deliver)
      if draining {
        pending.append(.subscribe(conduit, deliver))
        return nil
      }
      draining = true
      return attach(conduit, deliver)
    }
    guard let step else { return }
    perform(step)
    drain()
  }

  /// Adds `conduit` unless the subject has completed; returns what it must receive. Call locked.
  @inlinable func attach(_ conduit: ConduitState<Output, Failure>, _ deliver: Deliver) -> Step {
    if deliveredCompletion == nil && conduit.isActive {
      list.append(deliver, id: conduit.id)
    }
    if deliveredCompletion != nil && !replaysAfterCompletion {
      return .subscribe(deliver, [], deliveredCompletion)
    }
    return .subscribe(deliver, replay.elements, deliveredCompletion)
  }

  @inlinable func perform(_ step: Step) {
    switch step {
    case .value(let value, let snapshot):
      for case let deliver? in snapshot { deliver.call(.value(value)) }
    case .completion(let completion, let conduits):
      for case let deliver? in conduits { deliver.call(.completion(completion)) }
    case .subscribe(let deliver, let values, let completion):
      deliver.call(.start)
      for value in values { deliver.call(.value(value)) }
      if let completion { deliver.call(.completion(completion)) }
    case .flush(let deliver):
      deliver.call(.flush)
    }
  }

  /// Delivers what was queued while this thread was delivering, then gives up `draining`.
  @inlinable func drain() {
    while let step = nextStep() { perform(step) }
  }

  @inlinable func nextStep() -> Step? {
    lock.withLock {
      while let event = pending.popFirst() {
        switch event {
        case .value(let value):
          replay.append(value)
          return .value(value, list.snapshot)
        case .completion(let completion):
          deliveredCompletion = completion
          return .completion(completion, list.removeAll())
        case .subscribe(let conduit, let deliver):
          return attach(conduit, deliver)
        case .flush(let id):
          if let deliver = list.element(id: id) { return .flush(deliver) }
        }
      }
      draining = false
      return nil
    }
  }

  /// Delivers the values kept for the subscriber `id`, serialized with every other delivery.
  @usableFromInline func flush(id: UInt64) {
    let step: Step? = lock.withLock {
      if draining {
        pending.append(.flush(id))
        return nil
      }
      guard let deliver = list.element(id: id) else { return nil }
      draining = true
      return .flush(deliver)
    }
    guard let step else { return }
    perform(step)
    drain()
  }

  @inlinable func remove(id: UInt64) {
    let removed = lock.withLock { list.remove(id: id) }
    withExtendedLifetime(removed) {}
  }
}

/// What a broadcaster hands to one subscriber's closure.
@usableFromInline
enum ConduitEvent<Output, Failure: Error> {
  /// Give the subscriber its subscription.
  case start
  /// Deliver what waits for demand.
  case flush
  case value(Output)
  case completion(Subscribers.Completion<Failure>)
}

/// The path to one subscriber, as a broadcaster's list keeps it: a closure specialized for the
/// subscriber. A struct rather than a bare closure in the list: an array stores a bare closure at
/// the most general abstraction, which would wrap it in a thunk, one more allocation per
/// subscriber.
@usableFromInline
struct ConduitPath<Output, Failure: Error> {
  @usableFromInline let call: (ConduitEvent<Output, Failure>) -> Void

  @inlinable init(call: @escaping (ConduitEvent<Output, Failure>) -> Void) { self.call = call }
}

/// The part of a subject's per-subscriber handle that the broadcaster reads without knowing the
/// subscriber's type: the handle's id in its list, whether it is still active, and its demand.
@usableFromInline
class ConduitState<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked: the stored properties are atomic.

  /// The id, shifted left by one, with the low bit set while the handle is active: one word
  /// for both, since this object is kept once per subscriber.
  @usableFromInline final let state: Atomic<UInt64>
  /// The outstanding demand: requests add to it from any thread; only the delivering thread
  /// takes from it.
  @usableFromInline final let demand = AtomicDemand()
  /// Whether values wait in the handle's backlog for demand. Written by the delivering thread.
  @usableFromInline final let waiting = Atomic<Bool>(false)

  @inlinable init(id: UInt64) { state = Atomic(id << 1 | 1) }

  /// The handle's id in its broadcaster's list.
  @inlinable final var id: UInt64 { state.load(ordering: .relaxed) >> 1 }

  @inlinable final var isActive: Bool { state.load(ordering: .acquiring) & 1 != 0 }

  /// Clears the active bit; returns whether this call was the one that cleared it.
  @inlinable final func deactivate() -> Bool {
    state.bitwiseAnd(~1, ordering: .acquiringAndReleasing).oldValue & 1 != 0
  }

}

/// A subject's handle for one subscriber: the subscription it receives, and the path values take
/// to it. Values reach the subscriber only while the handle is active and as its demand allows;
/// `cancel()` and the completion deactivate it exactly once.
///
/// The broadcaster's list holds `deliver`, a closure over this object made where `subscribe` is
/// called: it is compiled for the subscriber's concrete type, so the per-value path runs
/// specialized code (a method of this generic class, called from the broadcaster, would run the
/// unspecialized implementation with type-metadata lookups on every value). The list holding
/// the closure rather than a separate handle object keeps a subscription to one allocation
/// here. A subscriber that requested `.unlimited` takes the first branch of `deliver`: two
/// loads, no demand bookkeeping.
@usableFromInline
final class BroadcastConduit<Downstream: Subscriber>: ConduitState<Downstream.Input, Downstream.Failure>,
  Subscription, @unchecked Sendable
{
  // @unchecked: `downstream` and `notify` are immutable; `backlog` is touched only by the
  // broadcaster's single draining thread (`deliver`); the rest is atomic.
  @usableFromInline let downstream: Downstream
  /// Tells the broadcaster about this conduit: `(id, false)` removes it from the list, `(id,
  /// true)` asks for its backlog to be delivered. A closure rather than the broadcaster itself:
  /// `cancel()` is reached through an existential, where a method of this generic class runs
  /// unspecialized, and only a closure made at `subscribe` runs specialized code.
  @usableFromInline let notify: (UInt64, Bool) -> Void
  /// Values kept for a subscriber without demand, by a subject that replays; capacity 0 keeps none.
  @usableFromInline @exclusivity(unchecked) var backlog: ReplayBuffer<Downstream.Input>
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable @inline(__always)
  init(
    id: UInt64, broadcaster: Broadcaster<Downstream.Input, Downstream.Failure>, backlog: Int,
    downstream: Downstream
  ) {
    self.downstream = downstream
    self.backlog = ReplayBuffer(capacity: backlog)
    notify = { id, flush in
      if flush { broadcaster.flush(id: id) } else { broadcaster.remove(id: id) }
    }
    super.init(id: id)
  }

  /// The closure the broadcaster keeps for this subscriber (its context is this object).
  @inlinable @inline(__always)
  var deliver: (ConduitEvent<Downstream.Input, Downstream.Failure>) -> Void {
    { [self] event in
      switch event {
      case .value(let value):
        if demand.isUnlimited && !waiting.load(ordering: .relaxed) {
          if isActive { _ = downstream.receive(value) }
        } else {
          offer(value)
        }
      case .completion(let completion):
        if deactivate() {
          if waiting.load(ordering: .relaxed) {
            backlog = ReplayBuffer(capacity: backlog.capacity)
            waiting.store(false, ordering: .relaxed)
          }
          downstream.receive(completion: completion)
        }
      case .start: downstream.receive(subscription: self)
      case .flush: flush()
      }
    }
  }

  /// Delivers `value` if the subscriber asked for it; otherwise keeps it in the backlog (which
  /// drops it when the subject does not replay). Called only by the delivering thread.
  @inlinable func offer(_ value: Downstream.Input) {
    guard isActive else { return }
    if waiting.load(ordering: .relaxed) {
      backlog.append(value)
      flush()
      return
    }
    guard demand.take() else {
      if backlog.capacity > 0 {
        backlog.append(value)
        waiting.store(true, ordering: .relaxed)
      }
      return
    }
    demand.add(downstream.receive(value))
  }

  /// Delivers kept values while there is demand. Called only by the delivering thread.
  @inlinable func flush() {
    while waiting.load(ordering: .relaxed), isActive {
      guard let value = backlog.first else {
        waiting.store(false, ordering: .relaxed)
        backlog = ReplayBuffer(capacity: backlog.capacity)
        return
      }
      guard demand.take() else { return }
      backlog.removeFirst()
      demand.add(downstream.receive(value))
    }
  }

  /// Adds `demand` to what the subscriber may receive; delivers kept values, if any, through
  /// the broadcaster (serialized with its other deliveries).
  @inlinable func request(_ demand: Subscribers.Demand) {
    guard demand.rawValue > 0, isActive else { return }
    self.demand.add(demand)
    if waiting.load(ordering: .acquiring) { notify(id, true) }
  }

  @inlinable func cancel() {
    if deactivate() { notify(id, false) }
  }
}
