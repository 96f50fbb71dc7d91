extension Publisher {
  /// Delivers at most one value per `interval`: the first value at once, then, for values that
  /// arrive within the interval, the newest (`latest: true`) or the first (`latest: false`) at
  /// the interval's end.
  ///
  /// ```
  /// upstream:                           abc-----d-|
  /// throttle(4 frames, latest: true):   a---c---d-|
  /// throttle(4 frames, latest: false):  a---b---d-|
  /// ```
  ///
  /// (From `TimeMarbleTests`, one frame = 1 ms.)
  ///
  /// As in Combine, every value is delivered by an action on `scheduler`: the first of a quiet
  /// period by one scheduled at once (`schedule(options:)`), a later one by one scheduled for
  /// `interval` after the last delivery (`schedule(after:tolerance:options:)`, with the
  /// scheduler's `minimumTolerance`); no options are passed. A delivery starts the next
  /// interval. Demand, as in Combine: the upstream is asked for everything, and a value that
  /// arrives when the subscriber has no demand left is dropped. A finish waits for a pending
  /// value, then follows it; a failure drops it and goes at once (Combine delivers the value,
  /// then the failure). Completion: a completion with nothing pending is, as in Combine, an
  /// action scheduled on `scheduler` as soon as it can run. Lifetime: the subscriber is let go
  /// of once it has the completion or has cancelled, and scheduled work holds the operator
  /// weakly. Threading: values and the completion are delivered on `scheduler`.
  /// Bad input: an `interval` below one nanosecond is treated as one nanosecond.
  ///
  /// - Parameters:
  ///   - interval: The window each delivered value opens.
  ///   - scheduler: The scheduler the timing runs on.
  ///   - latest: Whether a window delivers its latest value (`true`) or its first.
  /// - Returns: A publisher of at most one value per window.
  @inlinable
  public func throttle<S: Scheduler>(
    for interval: SchedulerTime.Stride, scheduler: S, latest: Bool
  ) -> Publishers.Throttle<Self, S> {
    Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
  }

  /// `throttle(for:scheduler:latest:)` with a scheduler known only as `any Scheduler`: the
  /// same operator, whose type names the scheduler `AnyScheduler`.
  ///
  /// Diagram: see `throttle(for:scheduler:latest:)`.
  ///
  /// - Parameters:
  ///   - interval: The length of each window.
  ///   - scheduler: The scheduler the timing runs on.
  ///   - latest: Whether a window delivers its latest value (`true`) or its first (`false`).
  /// - Returns: A publisher of at most one upstream value per `interval`.
  @_disfavoredOverload @inlinable
  public func throttle(
    for interval: SchedulerTime.Stride, scheduler: any Scheduler, latest: Bool
  ) -> Publishers.Throttle<Self, AnyScheduler> {
    throttle(for: interval, scheduler: AnyScheduler(scheduler), latest: latest)
  }
}

extension Publishers {
  /// The publisher `throttle(for:scheduler:latest:)` returns, its scheduler of type `Context` (as in Combine).
  public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher throttled.
    public let upstream: Upstream
    /// The shortest time between two delivered values.
    public let interval: SchedulerTime.Stride
    /// Where intervals are timed.
    public let scheduler: Context
    /// Whether an interval's newest value wins over its first.
    public let latest: Bool

    /// Makes the publisher; prefer `upstream.throttle(for:scheduler:latest:)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - interval: The window each delivered value opens.
    ///   - scheduler: The scheduler the timing runs on.
    ///   - latest: Whether a window delivers its latest value (`true`) or its first.
    @inlinable
    public init(upstream: Upstream, interval: SchedulerTime.Stride, scheduler: Context, latest: Bool) {
      self.upstream = upstream
      self.interval = Swift.max(interval, .minimumInterval)
      self.scheduler = scheduler
      self.latest = latest
    }

    /// Subscribes `subscriber` through the throttle.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = ThrottleState<S, Context>(
        subscriber, interval: interval, scheduler: scheduler, latest: latest)
      state.start()
      upstream.subscribe(state)
    }
  }
}

/// Combine's `Throttle` subscription (OpenCombine 0.14's `Publishers.Throttle.Inner` is the
/// reference where Apple's documentation is silent), with Signals' rule for a failure.
///
/// It is the upstream's subscriber and the subscriber's subscription in one object, as
/// Combine's. A value is taken only against demand (counted here, as Combine counts it: one per
/// scheduled delivery), and is delivered by an action on the scheduler: as soon as it can run
/// when the last delivery was at least `interval` ago (`schedule(options:)`), else at the end of
/// that interval (`schedule(after:tolerance:options:)` with the scheduler's `minimumTolerance`).
/// While one is scheduled, `latest` values replace the one it will deliver and the others are
/// ignored. So a burst costs one scheduled action per interval, none per value. The scheduler
/// holds the state weakly, and the state lets go of its subscriber once it completed or was
/// cancelled, as Combine's does.
@usableFromInline
final class ThrottleState<Downstream: Subscriber, Context: Scheduler>: Subscription, Subscriber,
  ScheduledWorkTarget, @unchecked Sendable
{
  // @unchecked: the `var`s are touched only inside `lock`.
  @usableFromInline typealias Input = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let link = UpstreamLink(role: .throttle)
  @usableFromInline let interval: SchedulerTime.Stride
  @usableFromInline let scheduler: Context
  @usableFromInline let latest: Bool
  @usableFromInline let lock = Lock()
  /// The delivery to the subscriber; `nil` once the operator has ended, so that a subscriber
  /// that keeps its subscription makes no cycle (Combine's lets go of its subscriber then too).
  @usableFromInline @exclusivity(unchecked) var delivery: SerialDelivery<Downstream>?
  /// What the subscriber asked for and no scheduled delivery has taken yet.
  @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
  /// The value the scheduled action will deliver.
  @usableFromInline @exclusivity(unchecked) var pending: Input?
  /// The completion the scheduled action will deliver (after `pending`, for a finish).
  @usableFromInline @exclusivity(unchecked) var pendingCompletion: Subscribers.Completion<Failure>?
  /// Whether the scheduled action runs as soon as it can (not at an interval's end).
  @usableFromInline @exclusivity(unchecked) var scheduledAtOnce = false
  /// When the last value was delivered: the next one goes `interval` after it at the earliest.
  @usableFromInline @exclusivity(unchecked) var lastDelivery: SchedulerTime?
  /// Set once the completion has been taken for delivery, or at cancel.
  @usableFromInline @exclusivity(unchecked) var ended = false
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(
    _ downstream: Downstream, interval: SchedulerTime.Stride, scheduler: Context, latest: Bool
  ) {
    delivery = SerialDelivery(downstream, overflow: .drop)
    self.interval = interval
    self.scheduler = scheduler
    self.latest = latest
    // Combine's reads the clock when it is made (and again when its upstream subscribes).
    _ = scheduler.now
  }

  /// Holds this subscription for the subscriber until the upstream's arrives, and counts the
  /// demand the subscriber adds (its requests and what its `receive(_:)` returns).
  @inlinable func start() {
    delivery?.holdForHandshake(self)
    delivery?.onDemand { [weak self] more in self?.add(more) }
  }

  @inlinable func add(_ more: Subscribers.Demand) {
    lock.withLock { if !ended { demand += more } }
  }

  /// Adds to the subscriber's demand.
  @inlinable func request(_ demand: Subscribers.Demand) {
    lock.withLock { delivery }?.request(demand)
  }

  /// Combine's handshake: the subscriber has this subscription before the upstream is asked for
  /// everything, so a synchronous upstream's values find the subscriber's demand.
  @inlinable func receive(subscription: any Subscription) {
    guard link.attach(subscription) else { return }
    _ = scheduler.now
    lock.withLock { delivery }?.completeHandshake()
    link.request(.unlimited)
  }

  @inlinable func receive(_ value: Input) -> Subscribers.Demand {
    guard !link.isTerminated else { return .none }
    let now = scheduler.now
    // Whether to schedule a delivery, and when (`nil`: as soon as it can run).
    let plan = lock.withLock { () -> (schedules: Bool, at: SchedulerTime?) in
      guard !ended, demand > 0 else { return (false, nil) }
      if pending != nil || pendingCompletion != nil {
        if latest { pending = value }
        return (false, nil)
      }
      demand -= 1
      pending = value
      if let last = lastDelivery, last.advanced(by: interval) > now {
        scheduledAtOnce = false
        return (true, last.advanced(by: interval))
      }
      scheduledAtOnce = true
      return (true, nil)
    }
    guard plan.schedules else { return .none }
    if let date = plan.at {
      scheduler.schedule(
        after: date, tolerance: scheduler.minimumTolerance, options: nil, weakAction(to: self))
    } else {
      scheduler.schedule(options: nil, weakAction(to: self))
    }
    return .none
  }

  /// A finish goes with (after) the value already scheduled, or in an action of its own
  /// scheduled at once; a failure drops that value and goes at once (Signals' rule: Combine
  /// delivers the value, then the failure).
  @inlinable func receive(completion: Subscribers.Completion<Failure>) {
    // A completion before the subscription breaks the protocol; Combine ignores it.
    guard link.isAttached, link.terminate(cancelUpstream: false) else { return }
    _ = scheduler.now
    let schedules = lock.withLock { () -> Bool in
      guard !ended else { return false }
      let scheduled = pending != nil || pendingCompletion != nil
      pendingCompletion = completion
      var finishes = true
      if case .failure = completion {
        pending = nil
        finishes = false
      }
      // A finish waits for the delivery already scheduled; a failure only for one due at once.
      if scheduled && (finishes || scheduledAtOnce) { return false }
      scheduledAtOnce = true
      return true
    }
    if schedules { scheduler.schedule(options: nil, weakAction(to: self)) }
  }

  /// The scheduled action (it has one kind, so the tag is unused).
  @inlinable func scheduledWorkDue(_ tag: UInt64) { deliverPending() }

  /// Delivers the pending value (noting when) and the pending completion.
  @inlinable func deliverPending() {
    // The clock is read outside the lock (it is the scheduler's code), only for a value.
    let stamps = lock.withLock { !ended && pending != nil && pendingCompletion == nil }
    let now = stamps ? scheduler.now : nil
    let (value, completion, delivery) = lock.withLock {
      () -> (Input?, Subscribers.Completion<Failure>?, SerialDelivery<Downstream>?) in
      guard !ended else { return (nil, nil, nil) }
      let completion = pendingCompletion
      // A value that arrived after the clock was read waits for its own action.
      guard completion != nil || now != nil else { return (nil, nil, nil) }
      let value = pending
      pending = nil
      pendingCompletion = nil
      scheduledAtOnce = false
      if value != nil, completion == nil { lastDelivery = now }
      let delivery = self.delivery
      if completion != nil {
        ended = true
        self.delivery = nil
      }
      return (value, completion, delivery)
    }
    guard let delivery else { return }
    if let value { delivery.receive(value) }
    if let completion { delivery.receive(completion: completion) }
  }

  @inlinable func cancel() {
    link.terminate()
    let delivery = lock.withLock { () -> SerialDelivery<Downstream>? in
      ended = true
      pending = nil
      pendingCompletion = nil
      defer { self.delivery = nil }
      return self.delivery
    }
    delivery?.cancel()
  }
}

/// An action that holds `target` weakly, as Combine's `throttle` schedules its deliveries.
/// (Made here, generic over the target, so that the closure captures no generic parameter of
/// the operator.)
@inlinable func weakAction<Target: ScheduledWorkTarget>(to target: Target) -> @Sendable () -> Void {
  { [weak target] in target?.scheduledWorkDue(0) }
}
