/// The engine of `delay` and `receive(on:)`: each event is queued, and an action on the
/// scheduler delivers the oldest queued event. Actions run in scheduling order, so events keep
/// their order, and no value is captured by a `@Sendable` closure. Every action is scheduled
/// with the operator's options (and `delay`'s tolerance), as Combine schedules them.
@usableFromInline
final class ScheduledDelivery<Downstream: Subscriber, Context: Scheduler>: Subscription, ScheduledWorkTarget,
  @unchecked Sendable
{
  // @unchecked: `queue` and `lastTag` are touched only inside `delivery.lock`, the other `var`s
  // only inside `lock`; events leave the queue on the scheduler's thread, which is the move
  // between threads this operator exists for. `options` is only read, to pass to the scheduler.
  @usableFromInline enum Event {
    case value(Downstream.Input)
    case completion(Subscribers.Completion<Downstream.Failure>)
  }

  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let link = UpstreamLink()
  @usableFromInline let scheduler: Context
  @usableFromInline let options: Context.SchedulerOptions?
  @usableFromInline let delay: SchedulerTime.Stride?
  @usableFromInline let tolerance: SchedulerTime.Stride
  @usableFromInline let lock = Lock()
  /// The events not yet handed on, oldest first; guarded by the delivery's lock, so that an
  /// action takes its event out in the same lock round that delivers it.
  @usableFromInline @exclusivity(unchecked) var queue = FIFOQueue<Event>()
  /// The pending delay timers by tag; tags grow with each event and timers fire in tag order.
  @usableFromInline @exclusivity(unchecked) var timers: [UInt64: any Cancellable] = [:]
  @usableFromInline @exclusivity(unchecked) var lastTag: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) var lastFiredTag: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) var cancelled = false
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(
    _ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?,
    delay: SchedulerTime.Stride?, tolerance: SchedulerTime.Stride = .zero
  ) {
    delivery = SerialDelivery(downstream)
    self.scheduler = scheduler
    self.options = options
    self.delay = delay
    self.tolerance = tolerance
    delivery.forwardDemand(to: [link])
  }
  /// Adds to the subscriber's demand.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  @inlinable var input: LinkedInput<Downstream.Input, Downstream.Failure> {
    LinkedInput(
      link: link, receiveValue: { [self] in enqueue(.value($0)) }, onSubscribe: delivery.completeHandshake
    ) {
      [self] completion in
      if link.terminate(cancelUpstream: false) { enqueue(.completion(completion)) }
    }
  }

  @inlinable func enqueue(_ event: Event) {
    let tag = delivery.lock.withLock { () -> UInt64 in
      queue.append(event)
      lastTag += 1
      return lastTag
    }
    guard let delay else {
      scheduleWork(on: scheduler, options: options, tag: tag)
      return
    }
    // Several timers are in flight at once (one per event), so the tokens live in `timers`
    // rather than in a `TimerSlot`; the dance is the shared one.
    scheduleTimer(
      tag: tag, at: scheduler.now.advanced(by: delay), on: scheduler, tolerance: tolerance, options: options
    ) { token in
      lock.withLock { () -> Bool in
        guard !cancelled, tag > lastFiredTag else { return false }
        timers[tag] = token
        return true
      }
    }
  }

  /// Delivers the oldest queued event.
  ///
  /// The event leaves this queue inside the delivery's lock (which guards the queue: one lock
  /// round per value), so that actions running at once on several threads of one scheduler (a
  /// concurrent queue) hand their events on in queue order: taken out first and passed on
  /// outside the lock, a later value could overtake an earlier one, or the completion a value,
  /// which was then lost.
  @inlinable func scheduledWorkDue(_ tag: UInt64) {
    // Without a delay no timer is kept (`receive(on:)`): nothing to forget, one lock round less.
    if delay != nil {
      lock.withLock {
        timers[tag] = nil
        lastFiredTag = Swift.max(lastFiredTag, tag)
      }
    }
    var handedOnAValue = false
    delivery.send { () -> Downstream.Input? in
      guard case .value(let value)? = queue.first else { return nil }
      _ = queue.popFirst()
      handedOnAValue = true
      return value
    }
    // The oldest event is the completion (this is then the last action), or delivery closed.
    guard !handedOnAValue else { return }
    delivery.complete { () -> Subscribers.Completion<Downstream.Failure>? in
      guard case .completion(let completion)? = queue.first else { return nil }
      _ = queue.popFirst()
      return completion
    }
  }

  @inlinable func cancel() {
    link.terminate()
    delivery.cancel()
    let dropped = delivery.lock.withLock { () -> FIFOQueue<Event> in
      defer { queue = FIFOQueue() }
      return queue
    }
    let timers = lock.withLock { () -> [UInt64: any Cancellable] in
      cancelled = true
      defer { self.timers = [:] }
      return self.timers
    }
    for timer in timers.values { timer.cancel() }
    withExtendedLifetime(dropped) {}
  }
}
