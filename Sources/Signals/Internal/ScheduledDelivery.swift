/// The engine of `delay` and `receive(on:)`: each event is queued, and an action on the
/// scheduler delivers the oldest queued event. Actions run in scheduling order, so events keep
/// their order, and no value is captured by a `@Sendable` closure. Every action is scheduled
/// with the operator's options (and `delay`'s tolerance), as Combine schedules them.
@usableFromInline
final class ScheduledDelivery<Downstream: Subscriber, Context: Scheduler>: Subscription, ScheduledWorkTarget,
  @unchecked Sendable
{
  // @unchecked: `queue` is touched only inside `delivery.lock`; events leave the queue on the
  // scheduler's thread, which is the move between threads this operator exists for. `options`
  // is only read, to pass to the scheduler.
  @usableFromInline enum Event {
    case value(Downstream.Input)
    case completion(Subscribers.Completion<Downstream.Failure>)
  }

  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let link: UpstreamLink
  @usableFromInline let scheduler: Context
  @usableFromInline let options: Context.SchedulerOptions?
  @usableFromInline let delay: SchedulerTime.Stride?
  @usableFromInline let tolerance: SchedulerTime.Stride
  /// The events not yet handed on, oldest first; guarded by the delivery's lock, so that an
  /// action takes its event out in the same lock round that delivers it.
  @usableFromInline @exclusivity(unchecked) var queue = FIFOQueue<Event>()
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(
    _ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?,
    delay: SchedulerTime.Stride?, tolerance: SchedulerTime.Stride = .zero
  ) {
    delivery = SerialDelivery(downstream)
    link = UpstreamLink(role: delay == nil ? .receiveOn : .delay)
    self.scheduler = scheduler
    self.options = options
    self.delay = delay
    self.tolerance = tolerance
    delivery.forwardDemand(to: [link])
  }
  /// Adds to the subscriber's demand; a request for nothing goes to the upstream as it is, as
  /// Combine's `delay` and `receive(on:)` pass every request on.
  @inlinable func request(_ demand: Subscribers.Demand) {
    if demand == .none {
      link.requestNothing()
      return
    }
    delivery.request(demand)
  }

  @inlinable var input: LinkedInput<Downstream.Input, Downstream.Failure> {
    LinkedInput(
      link: link, receiveValue: { [self] in enqueue(.value($0)) }, onSubscribe: delivery.completeHandshake
    ) {
      [self] completion in
      // A completion before the subscription breaks the protocol; Combine ignores it.
      guard link.isAttached else { return }
      if link.terminate(cancelUpstream: false) { enqueue(.completion(completion)) }
    }
  }

  @inlinable func enqueue(_ event: Event) {
    // Every action delivers the oldest queued event, so actions need no tag.
    delivery.lock.withLock { queue.append(event) }
    guard let delay else {
      scheduleWork(on: scheduler, options: options, tag: 0)
      return
    }
    // As in Combine, a delayed event's action is never cancelled and keeps this subscription
    // (and so its subscriber) alive until it runs; after a cancel it finds nothing to deliver.
    scheduleWork(
      on: scheduler, after: scheduler.now.advanced(by: delay), tolerance: tolerance, options: options, tag: 0)
  }

  /// Delivers the oldest queued event.
  ///
  /// The event leaves this queue inside the delivery's lock (which guards the queue: one lock
  /// round per value), so that actions running at once on several threads of one scheduler (a
  /// concurrent queue) hand their events on in queue order: taken out first and passed on
  /// outside the lock, a later value could overtake an earlier one, or the completion a value,
  /// which was then lost.
  @inlinable func scheduledWorkDue(_ tag: UInt64) {
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
    withExtendedLifetime(dropped) {}
  }
}
