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
  @usableFromInline typealias Conduit = BroadcastConduit<Output, Failure>

  @usableFromInline enum Event {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
    case subscribe(Conduit)
  }

  @usableFromInline enum Step {
    case value(Output, ContiguousArray<Conduit?>)
    case completion(Subscribers.Completion<Failure>, ContiguousArray<Conduit?>)
    case subscribe(Conduit, ArraySlice<Output>, Subscribers.Completion<Failure>?)
  }

  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var list = SubscriberList<Conduit>()
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
    let snapshot: ContiguousArray<Conduit?>? = lock.withLock {
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
    for case let conduit? in snapshot { conduit.receive(value) }
    drain()
  }

  @inlinable func send(completion: Subscribers.Completion<Failure>) {
    let conduits: ContiguousArray<Conduit?>? = lock.withLock {
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
    for case let conduit? in conduits { conduit.receive(completion: completion) }
    drain()
  }

  @inlinable @inline(__always)
  func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    let step: Step? = lock.withLock {
      let conduit = Conduit(id: list.makeID(), broadcaster: self, downstream: subscriber)
      if draining {
        pending.append(.subscribe(conduit))
        return nil
      }
      draining = true
      return attach(conduit)
    }
    guard let step else { return }
    perform(step)
    drain()
  }

  /// Adds `conduit` unless the subject has completed; returns what it must receive. Call locked.
  @inlinable func attach(_ conduit: Conduit) -> Step {
    if deliveredCompletion == nil && conduit.isActive {
      list.append(conduit, id: conduit.id)
    }
    return .subscribe(conduit, replay.elements, deliveredCompletion)
  }

  @inlinable func perform(_ step: Step) {
    switch step {
    case .value(let value, let snapshot):
      for case let conduit? in snapshot { conduit.receive(value) }
    case .completion(let completion, let conduits):
      for case let conduit? in conduits { conduit.receive(completion: completion) }
    case .subscribe(let conduit, let values, let completion):
      conduit.start()
      for value in values { conduit.receive(value) }
      if let completion { conduit.receive(completion: completion) }
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
      case .subscribe(let conduit):
        return attach(conduit)
      }
    }
  }

  @inlinable func remove(id: UInt64) {
    let removed = lock.withLock { list.remove(id: id) }
    withExtendedLifetime(removed) {}
  }
}

/// What a conduit hands to its subscriber besides values.
@usableFromInline
enum ConduitEvent<Failure: Error> {
  case subscription(any Subscription)
  case completion(Subscribers.Completion<Failure>)
  /// Remove the conduit with this id from its broadcaster (after `cancel()`).
  case detach(UInt64)
}

/// A subject's handle for one subscriber: the subscription it receives, and the path values take
/// to it. Values reach the subscriber only while the handle is active; `cancel()` and the
/// completion deactivate it exactly once.
///
/// The subscriber is reached through closures made where `subscribe` is called. They are
/// compiled for the subscriber's concrete type, so the per-value path runs specialized code; a
/// generic subclass would run the unspecialized generic implementation through its vtable, with
/// type-metadata lookups on every value. Values have their own closure so that a value is
/// passed as itself, not copied into and out of an enum.
@usableFromInline
final class BroadcastConduit<Output, Failure: Error>: Subscription, @unchecked Sendable {
  // @unchecked: `active` is atomic and every other stored property is immutable; `deliver` is
  // called serially by the broadcaster's single draining thread.
  @usableFromInline let id: UInt64
  @usableFromInline let active = Atomic<Bool>(true)
  @usableFromInline let deliverValue: (Output) -> Void
  /// Delivers the subscription and the completion, and detaches the conduit on cancel (a
  /// closure for that too: `cancel()` is reached through an existential, where only a closure
  /// runs specialized code).
  @usableFromInline let deliver: (ConduitEvent<Failure>) -> Void
  @usableFromInline let live = LiveSubscription()

  @inlinable @inline(__always)
  init<Downstream: Subscriber>(
    id: UInt64, broadcaster: Broadcaster<Output, Failure>, downstream: Downstream
  ) where Downstream.Input == Output, Downstream.Failure == Failure {
    self.id = id
    // One heap box for the subscriber and the broadcaster: closures that capture a single
    // object use it as their context, so the two closures below cost no further allocation.
    let box = ConduitBox(downstream, broadcaster)
    deliverValue = { box.downstream.receive($0) }
    deliver = { event in
      switch event {
      case .completion(let completion): box.downstream.receive(completion: completion)
      case .subscription(let subscription): box.downstream.receive(subscription: subscription)
      case .detach(let id): box.broadcaster.remove(id: id)
      }
    }
  }

  @inlinable var isActive: Bool { active.load(ordering: .acquiring) }

  @inlinable func start() { deliver(.subscription(self)) }

  @inlinable func receive(_ value: Output) {
    if active.load(ordering: .acquiring) { deliverValue(value) }
  }

  @inlinable func receive(completion: Subscribers.Completion<Failure>) {
    if active.exchange(false, ordering: .acquiringAndReleasing) {
      deliver(.completion(completion))
    }
  }

  @inlinable func cancel() {
    if active.exchange(false, ordering: .acquiringAndReleasing) { deliver(.detach(id)) }
  }
}

/// What a conduit's closures reach: the subscriber and the broadcaster, in one object.
@usableFromInline
final class ConduitBox<Downstream: Subscriber> {
  @usableFromInline let downstream: Downstream
  @usableFromInline let broadcaster: Broadcaster<Downstream.Input, Downstream.Failure>

  @inlinable init(_ downstream: Downstream, _ broadcaster: Broadcaster<Downstream.Input, Downstream.Failure>)
  {
    self.downstream = downstream
    self.broadcaster = broadcaster
  }
}
