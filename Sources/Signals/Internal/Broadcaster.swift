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
  @usableFromInline var list = SubscriberList<Conduit>()
  @usableFromInline var pending = EventQueue<Event>()
  @usableFromInline var draining = false
  /// The completion sent (it may still wait in `pending`); no value is accepted after it.
  @usableFromInline var sentCompletion: Subscribers.Completion<Failure>?
  /// The completion delivered; subscribers that come after it get it at once.
  @usableFromInline var deliveredCompletion: Subscribers.Completion<Failure>?
  /// The values new subscribers receive first; updated as values are delivered.
  @usableFromInline var replay: ReplayBuffer<Output>
  /// The last value accepted by `send`, kept only when `keepsLatest`.
  @usableFromInline var latest: Output?
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

  @inlinable func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    let step: Step? = lock.withLock {
      let conduit = BroadcastConduitTo(id: list.makeID(), broadcaster: self, downstream: subscriber)
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

/// A subject's handle for one subscriber: the subscription it receives, and the path values take
/// to it. Values reach the subscriber only while the handle is active; `cancel()` and the
/// completion deactivate it exactly once.
@usableFromInline
class BroadcastConduit<Output, Failure: Error>: Subscription, @unchecked Sendable {
  // @unchecked: `active` is atomic and every other stored property is immutable.
  @usableFromInline let id: UInt64
  @usableFromInline let active = Atomic<Bool>(true)
  @usableFromInline let broadcaster: Broadcaster<Output, Failure>
  @usableFromInline let live = LiveSubscription()

  @inlinable init(id: UInt64, broadcaster: Broadcaster<Output, Failure>) {
    self.id = id
    self.broadcaster = broadcaster
  }

  @inlinable final var isActive: Bool { active.load(ordering: .acquiring) }

  @inlinable func start() { fatalError("abstract") }
  @inlinable func receive(_ value: Output) { fatalError("abstract") }
  @inlinable func receive(completion: Subscribers.Completion<Failure>) { fatalError("abstract") }

  @inlinable final func cancel() {
    if active.exchange(false, ordering: .acquiringAndReleasing) {
      broadcaster.remove(id: id)
    }
  }
}

@usableFromInline
final class BroadcastConduitTo<Downstream: Subscriber>:
  BroadcastConduit<Downstream.Input, Downstream.Failure>, @unchecked Sendable
{
  // @unchecked: adds only an immutable reference to the subscriber, which is called serially.
  @usableFromInline let downstream: Downstream

  @inlinable init(
    id: UInt64, broadcaster: Broadcaster<Downstream.Input, Downstream.Failure>, downstream: Downstream
  ) {
    self.downstream = downstream
    super.init(id: id, broadcaster: broadcaster)
  }

  @inlinable override func start() { downstream.receive(subscription: self) }

  @inlinable override func receive(_ value: Downstream.Input) {
    if active.load(ordering: .acquiring) { downstream.receive(value) }
  }

  @inlinable override func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    if active.exchange(false, ordering: .acquiringAndReleasing) {
      downstream.receive(completion: completion)
    }
  }
}
