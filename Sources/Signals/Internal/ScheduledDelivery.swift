/// The engine of `delay` and `receive(on:)`: each event is queued, and an action on the
/// scheduler delivers the oldest queued event. Actions run in scheduling order, so events keep
/// their order, and no value is captured by a `@Sendable` closure. Every action is scheduled
/// with the operator's options (and `delay`'s tolerance), as Combine schedules them.
///
/// As Combine's, the one object is both the subscriber put upstream and the subscription given
/// downstream, and it asks the upstream for what the subscriber returns from each delivered
/// value, even after asking for everything and after the upstream's completion (until that
/// completion is delivered): OpenCombine 0.14's `ReceiveOnTests` and `DelayTests`
/// (`testReceiveInputRecursively`, `testReceiveCompletionImmediatelyAfterValue`). A subscriber
/// that returns `.none` (a sink) costs nothing more per value.
@usableFromInline
final class ScheduledDelivery<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
  ScheduledWorkTarget, @unchecked Sendable
{
  @usableFromInline typealias Input = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

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
  /// Where the upstream side stands; guarded by the delivery's lock, and read in the lock round
  /// that queues each event (no extra cost per value).
  @usableFromInline @exclusivity(unchecked) var phase = Phase.awaitingSubscription

  @usableFromInline enum Phase {
    /// No subscription from the upstream yet: events are ignored (Combine's).
    case awaitingSubscription
    /// Cancelled before the upstream's subscription arrived: as Combine's, a subscription that
    /// arrives later is neither cancelled nor given downstream.
    case cancelledEarly
    /// Values and the completion are queued.
    case live
    /// The upstream completed (or the subscriber cancelled): later events are ignored.
    case ended
  }

  @inlinable init(
    _ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?,
    delay: SchedulerTime.Stride?, tolerance: SchedulerTime.Stride = .zero
  ) {
    delivery = SerialDelivery(downstream, replenishesUnlimited: true)
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

  @inlinable func receive(subscription: any Subscription) {
    let accepted = delivery.lock.withLock { () -> Bool? in
      switch phase {
      case .awaitingSubscription:
        phase = .live
        return true
      case .cancelledEarly: return nil
      case .live, .ended: return false
      }
    }
    switch accepted {
    case true?: if link.attach(subscription) { delivery.completeHandshake() }
    case false?: subscription.cancel()
    case nil: break
    }
  }

  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    enqueue(.value(input))
    return .none
  }

  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    // One before the subscription breaks the protocol; Combine ignores it.
    enqueue(.completion(completion))
  }

  @inlinable func enqueue(_ event: Event) {
    // Every action delivers the oldest queued event, so actions need no tag.
    let queued = delivery.lock.withLock { () -> Bool in
      guard phase == .live else { return false }
      if case .completion = event { phase = .ended }
      queue.append(event)
      return true
    }
    guard queued else { return }
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
    // Sent from the link, so that what the subscriber returns for the value is asked of the
    // upstream at once, as Combine's does.
    delivery.send(from: link) { () -> Downstream.Input? in
      guard case .value(let value)? = queue.first else { return nil }
      _ = queue.popFirst()
      handedOnAValue = true
      return value
    }
    // The oldest event is the completion (this is then the last action), or delivery closed.
    guard !handedOnAValue else { return }
    let completed = delivery.complete { () -> Subscribers.Completion<Downstream.Failure>? in
      guard case .completion(let completion)? = queue.first else { return nil }
      _ = queue.popFirst()
      return completion
    }
    // The upstream ended by itself: let go of its subscription, without cancelling it.
    if completed { link.terminate(cancelUpstream: false) }
  }

  @inlinable func cancel() {
    // After the upstream's completion its subscription is not cancelled (Combine's).
    let upstreamLive = delivery.lock.withLock { () -> Bool in
      defer { phase = phase == .awaitingSubscription ? .cancelledEarly : .ended }
      return phase == .live
    }
    link.terminate(cancelUpstream: upstreamLive)
    delivery.cancel()
    let dropped = delivery.lock.withLock { () -> FIFOQueue<Event> in
      defer { queue = FIFOQueue() }
      return queue
    }
    withExtendedLifetime(dropped) {}
  }
}
