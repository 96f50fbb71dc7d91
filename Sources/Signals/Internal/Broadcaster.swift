import Synchronization

/// The engine behind every subject: a list of subscribers, an optional replay buffer, and a
/// serialized delivery.
///
/// Delivery is serialized without holding a lock while subscribers run: the first thread to send
/// becomes the drainer, delivers, and then delivers whatever other threads or re-entrant calls
/// queued meanwhile (values, completions and new subscriptions, in the order they were made).
/// So a subscriber never receives overlapping calls, re-entrant sends neither deadlock nor
/// nest, and no value is lost. In the uncontended case a send takes the lock twice and copies
/// nothing.
@usableFromInline
final class Broadcaster<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked: every `var` below is read and written only inside `lock`; subscribers are called
  // only by the single thread that set `draining`.
  @usableFromInline typealias Deliver = ConduitPath<Output, Failure>

  @usableFromInline enum Event {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
    case subscribe(ConduitState<Output, Failure>, Deliver)
  }

  @usableFromInline enum Step {
    case value(Output, ContiguousArray<Deliver?>)
    case completion(Subscribers.Completion<Failure>, ContiguousArray<Deliver?>)
    case subscribe(Deliver, ArraySlice<Output>, Subscribers.Completion<Failure>?)
  }

  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var list = SubscriberList<Deliver>()
  @usableFromInline @exclusivity(unchecked) var pending = EventQueue<Event>()
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

  @inlinable init(replay capacity: Int, latest: Output? = nil) {
    replay = ReplayBuffer(capacity: capacity)
    keepsLatest = latest != nil
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
      let conduit = BroadcastConduit(id: list.makeID(), broadcaster: self, downstream: subscriber)
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
    }
  }

  /// Delivers what was queued while this thread was delivering, then gives up `draining`.
  @inlinable func drain() {
    while let step = nextStep() { perform(step) }
  }

  @inlinable func nextStep() -> Step? {
    lock.withLock {
      guard let event = pending.popFirst() else {
        draining = false
        return nil
      }
      switch event {
      case .value(let value):
        replay.append(value)
        return .value(value, list.snapshot)
      case .completion(let completion):
        deliveredCompletion = completion
        return .completion(completion, list.removeAll())
      case .subscribe(let conduit, let deliver):
        return attach(conduit, deliver)
      }
    }
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
/// subscriber's type: the handle's id in its list and whether it is still active.
@usableFromInline
class ConduitState<Output, Failure: Error>: @unchecked Sendable {
  // @unchecked: the only stored property is atomic.

  /// The id, shifted left by one, with the low bit set while the handle is active: one word
  /// for both, since this object is kept once per subscriber.
  @usableFromInline final let state: Atomic<UInt64>

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
/// to it. Values reach the subscriber only while the handle is active; `cancel()` and the
/// completion deactivate it exactly once.
///
/// The broadcaster's list holds `deliver`, a closure over this object made where `subscribe` is
/// called: it is compiled for the subscriber's concrete type, so the per-value path runs
/// specialized code (a method of this generic class, called from the broadcaster, would run the
/// unspecialized implementation with type-metadata lookups on every value). The list holding
/// the closure rather than a separate handle object keeps a subscription to one allocation
/// here.
@usableFromInline
final class BroadcastConduit<Downstream: Subscriber>: ConduitState<Downstream.Input, Downstream.Failure>,
  Subscription, @unchecked Sendable
{
  // @unchecked: every stored property is immutable; `deliver` is called serially by the
  // broadcaster's single draining thread.
  @usableFromInline let downstream: Downstream
  /// Removes this conduit from its broadcaster's list. A closure rather than the broadcaster
  /// itself: `cancel()` is reached through an existential, where a method of this generic class
  /// runs unspecialized, and only a closure made at `subscribe` runs specialized code.
  @usableFromInline let detach: (UInt64) -> Void
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable @inline(__always)
  init(id: UInt64, broadcaster: Broadcaster<Downstream.Input, Downstream.Failure>, downstream: Downstream) {
    self.downstream = downstream
    detach = { broadcaster.remove(id: $0) }
    super.init(id: id)
  }

  /// The closure the broadcaster keeps for this subscriber (its context is this object).
  @inlinable @inline(__always)
  var deliver: (ConduitEvent<Downstream.Input, Downstream.Failure>) -> Void {
    { [self] event in
      switch event {
      case .value(let value): if isActive { downstream.receive(value) }
      case .completion(let completion): if deactivate() { downstream.receive(completion: completion) }
      case .start: downstream.receive(subscription: self)
      }
    }
  }

  @inlinable func cancel() {
    if deactivate() { detach(id) }
  }
}
