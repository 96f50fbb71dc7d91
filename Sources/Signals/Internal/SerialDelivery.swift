/// Delivers to one subscriber from any number of threads, one call at a time, in arrival order.
///
/// The engine for operators with several inputs (combining, flattening, time operators whose
/// timers fire on another thread). The first caller becomes the drainer and delivers; calls that
/// arrive meanwhile, from other threads or re-entrantly from the subscriber itself, are queued
/// and delivered by the drainer right after. No lock is held while the subscriber runs. After a
/// completion or `cancel()`, nothing more is delivered and the queue is released.
@usableFromInline
final class SerialDelivery<Downstream: Subscriber>: @unchecked Sendable {
  // @unchecked: every `var` is read and written only inside `lock`; `downstream` is called only
  // by the single thread that set `draining`.
  @usableFromInline enum Event {
    case value(Downstream.Input)
    case completion(Subscribers.Completion<Downstream.Failure>)
  }

  @usableFromInline let downstream: Downstream
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var pending = EventQueue<Event>()
  @usableFromInline @exclusivity(unchecked) var draining = false
  @usableFromInline @exclusivity(unchecked) var closed = false

  @inlinable init(_ downstream: Downstream) { self.downstream = downstream }

  /// Whether a completion was accepted or delivery was cancelled.
  @inlinable var isClosed: Bool { lock.withLock { closed } }

  /// Passes the subscription on. Call it before any value, from the subscribing thread.
  @inlinable func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
  }

  /// Delivers `value` now, or after what is being delivered; drops it after a completion.
  @inlinable func receive(_ value: Downstream.Input) {
    send { value }
  }

  /// Runs `update` inside this delivery's lock and delivers the value it returns, if any.
  ///
  /// Operators with state (the latest values of `combineLatest`, the buffers of `zip`) keep that
  /// state in their own fields and touch it only inside `update`, so one lock covers both the
  /// state and the serialization: two lock rounds per value in all. `update` must not call out.
  @inlinable func send(_ update: () -> Downstream.Input?) {
    let value = lock.withLock { () -> Downstream.Input? in
      if closed { return nil }
      guard let value = update() else { return nil }
      if draining {
        pending.append(.value(value))
        return nil
      }
      draining = true
      return value
    }
    guard let value else { return }
    downstream.receive(value)
    drain()
  }

  /// Runs `decide` inside this delivery's lock; if it returns a completion, delivers it as
  /// `receive(completion:)` does. Returns whether a completion was accepted.
  @inlinable @discardableResult
  func complete(_ decide: () -> Subscribers.Completion<Downstream.Failure>?) -> Bool {
    let (completion, deliverNow) = lock.withLock {
      () -> (Subscribers.Completion<Downstream.Failure>?, Bool) in
      if closed { return (nil, false) }
      guard let completion = decide() else { return (nil, false) }
      closed = true
      if draining {
        pending.append(.completion(completion))
        return (completion, false)
      }
      draining = true
      return (completion, true)
    }
    guard let completion else { return false }
    if deliverNow {
      downstream.receive(completion: completion)
      drain()
    }
    return true
  }

  /// Delivers `completion` after what is queued; the first completion wins, later ones and
  /// values sent after it are dropped. Returns whether this completion was accepted.
  @inlinable @discardableResult
  func receive(completion: Subscribers.Completion<Downstream.Failure>) -> Bool {
    complete { completion }
  }

  /// Stops delivery: nothing queued or sent later reaches the subscriber.
  @inlinable func cancel() {
    let dropped = lock.withLock { () -> EventQueue<Event> in
      closed = true
      defer { pending = EventQueue() }
      return pending
    }
    withExtendedLifetime(dropped) {}
  }

  @inlinable func drain() {
    while let event = lock.withLock({ () -> Event? in
      if let event = pending.popFirst() { return event }
      draining = false
      return nil
    }) {
      switch event {
      case .value(let value): downstream.receive(value)
      case .completion(let completion): downstream.receive(completion: completion)
      }
    }
  }
}
