extension Publisher {
  /// Ends the flow if `interval` passes without a value (counted from the subscription, again
  /// from the subscriber's first request, as Combine's, then from each value): it finishes, or
  /// fails with `customError()` when one is given.
  ///
  /// ```
  /// upstream:           a--b------c|
  /// timeout(4 frames):  a--b---|
  /// ```
  ///
  /// ```
  /// upstream:                         a------b|
  /// timeout(4 frames, customError:):  a---#
  /// ```
  ///
  /// (From `TimeMarbleTests`, one frame = 1 ms.)
  ///
  /// The upstream is cancelled when the time is up. Threading, as in Combine: values and the
  /// upstream's completion are delivered through `scheduler` (`scheduler.schedule`), in order;
  /// the timeout's completion is delivered on `scheduler`, and `customError` runs there. Demand
  /// passes through. The subscription handshake is Combine's: the upstream is subscribed first,
  /// and this operator's subscription reaches the subscriber when the upstream's reaches it.
  /// Timers: each wait is a repeating `schedule(after:interval:tolerance:options:)` (every
  /// `interval`, the scheduler's `minimumTolerance`, `options`) stopped when it fires or is
  /// replaced, and holds the operator until then, as Combine's. Bad input: a negative
  /// `interval` is treated as zero (the timeout fires at once on the scheduler).
  ///
  /// - Parameters:
  ///   - interval: How long the upstream may be quiet before the publisher ends.
  ///   - scheduler: The scheduler the timing runs on.
  ///   - customError: Makes the failure a timeout ends with; `nil` finishes instead.
  /// - Returns: A publisher of the upstream's events until it is quiet for `interval`.
  @inlinable
  public func timeout<S: Scheduler>(
    _ interval: SchedulerTime.Stride, scheduler: S, customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, S> {
    Publishers.Timeout(upstream: self, interval: interval, scheduler: scheduler, customError: customError)
  }

  /// `timeout(_:scheduler:customError:)` with a scheduler known only as `any Scheduler`: the
  /// same operator, whose type names the scheduler `AnyScheduler`.
  ///
  /// Diagram: see `timeout(_:scheduler:customError:)`.
  ///
  /// - Parameters:
  ///   - interval: How long the upstream may be quiet before the publisher ends.
  ///   - scheduler: The scheduler the timing runs on.
  ///   - customError: Makes the failure a timeout ends with; `nil` finishes instead.
  /// - Returns: A publisher of the upstream's events until it is quiet for `interval`.
  @_disfavoredOverload @inlinable
  public func timeout(
    _ interval: SchedulerTime.Stride, scheduler: any Scheduler, customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, AnyScheduler> {
    timeout(interval, scheduler: AnyScheduler(scheduler), customError: customError)
  }
}

extension Publishers {
  /// The publisher `timeout(_:scheduler:customError:)` returns, its scheduler of type `Context` (as in Combine).
  public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher watched.
    public let upstream: Upstream
    /// The longest quiet time allowed.
    public let interval: SchedulerTime.Stride
    /// Where the time is counted.
    public let scheduler: Context
    /// The options passed to the scheduler with every timer and delivery.
    public let options: Context.SchedulerOptions?
    /// Makes the failure when the time is up; `nil` finishes instead.
    public let customError: (() -> Failure)?

    /// Makes the publisher; prefer `upstream.timeout(_:scheduler:customError:)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - interval: How long to wait for a value before the timeout.
    ///   - scheduler: The scheduler the timing and the timeout's completion run on.
    ///   - customError: Makes the failure sent at the timeout; `nil` finishes instead.
    @inlinable
    public init(
      upstream: Upstream, interval: SchedulerTime.Stride, scheduler: Context,
      customError: (() -> Failure)?
    ) {
      self.upstream = upstream
      self.interval = Swift.max(interval, .zero)
      self.scheduler = scheduler
      self.options = nil
      self.customError = customError
    }

    /// Makes the publisher with Combine's labels, `options` included.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - interval: How long to wait for a value before the timeout.
    ///   - scheduler: The scheduler the timing and the timeout's completion run on.
    ///   - options: Passed to the scheduler with every timer and delivery.
    ///   - customError: Makes the failure sent at the timeout; `nil` finishes instead.
    @inlinable
    public init(
      upstream: Upstream, interval: SchedulerTime.Stride, scheduler: Context,
      options: Context.SchedulerOptions?, customError: (() -> Failure)?
    ) {
      self.upstream = upstream
      self.interval = Swift.max(interval, .zero)
      self.scheduler = scheduler
      self.options = options
      self.customError = customError
    }

    /// Subscribes `subscriber` and starts counting.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = TimeoutState<S, Context>(
        subscriber, interval: interval, scheduler: scheduler, options: options, customError: customError)
      state.delivery.holdForHandshake(state)
      upstream.subscribe(state)
    }
  }
}

@usableFromInline
final class TimeoutState<Downstream: Subscriber, Context: Scheduler>: Subscription, Subscriber,
  TimerSlotOwner, @unchecked Sendable
{
  // @unchecked: `timerSlot`, `scheduled`, `subscribed`, `requested` and `cancelledEarly` are
  // touched only inside `lock`; `customError` is called at most once, by the thread that wins
  // `link.terminate()`; `options` is only read, to pass to the scheduler.
  //
  // As Combine's (OpenCombine 0.14's `Publishers.Timeout.Inner`), it is the upstream's
  // subscriber and the subscriber's subscription in one object; its clock starts when the
  // upstream's subscription arrives and again at the subscriber's first request, then at every
  // value; each timer holds it strongly until it fires or is stopped.
  @usableFromInline typealias Input = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let link = UpstreamLink(role: .timeout)
  @usableFromInline let interval: SchedulerTime.Stride
  @usableFromInline let scheduler: Context
  @usableFromInline let options: Context.SchedulerOptions?
  @usableFromInline let customError: (() -> Downstream.Failure)?
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var timerSlot = TimerSlot()
  /// Events waiting for their turn on the scheduler (Combine delivers through it).
  @usableFromInline @exclusivity(unchecked) var scheduled = FIFOQueue<SerialDelivery<Downstream>.Event>()
  /// Whether the upstream's subscription has been taken.
  @usableFromInline @exclusivity(unchecked) var subscribed = false
  /// Whether the subscriber has requested anything yet (its first request restarts the clock).
  @usableFromInline @exclusivity(unchecked) var requested = false
  /// Whether the subscriber cancelled before the upstream's subscription arrived.
  @usableFromInline @exclusivity(unchecked) var cancelledEarly = false
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(
    _ downstream: Downstream, interval: SchedulerTime.Stride, scheduler: Context,
    options: Context.SchedulerOptions?, customError: (() -> Downstream.Failure)?
  ) {
    delivery = SerialDelivery(downstream)
    self.interval = interval
    self.scheduler = scheduler
    self.options = options
    self.customError = customError
    delivery.forwardDemand(to: [link])
  }
  /// Adds to the subscriber's demand.
  @inlinable func request(_ demand: Subscribers.Demand) {
    // Combine's clock starts again at the first request.
    let first = lock.withLock { () -> Bool in
      guard subscribed, !requested else { return false }
      requested = true
      return true
    }
    if first { restartTimeout() }
    // A request for nothing goes to the upstream as it is, as Combine's `timeout` passes every
    // request on.
    if demand == .none {
      link.requestNothing()
      return
    }
    delivery.request(demand)
  }

  /// Starts the clock, then gives the subscriber this subscription. A subscription that
  /// arrives after the subscriber cancelled is left alone (Combine's takes it, and its clock
  /// would end the flow later; Signals delivers nothing after a cancel).
  @inlinable func receive(subscription: any Subscription) {
    if lock.withLock({ cancelledEarly }) { return }
    guard link.attach(subscription) else { return }
    lock.withLock { subscribed = true }
    restartTimeout()
    delivery.completeHandshake()
  }

  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    guard !link.isTerminated else { return .none }
    restartTimeout()
    schedule(.value(input))
    return .none
  }

  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    // As Combine's: the link stays open while the completion travels through the scheduler,
    // so a cancel in that time still cancels the upstream; the link ends when it is delivered.
    guard !link.isTerminated, link.isAttached else { return }
    closeTimer()
    schedule(.completion(completion))
  }

  /// The tag of a scheduled delivery (timeout timers use the slot's generation, below it).
  @inlinable static var deliveryTag: UInt64 { 1 << 63 }

  /// Delivers `event` through the scheduler, as Combine's `timeout` does.
  @inlinable func schedule(_ event: SerialDelivery<Downstream>.Event) {
    lock.withLock { scheduled.append(event) }
    scheduleWork(on: scheduler, options: options, tag: Self.deliveryTag)
  }

  /// Starts the wait for the next event, replacing the current one.
  @inlinable func restartTimeout() {
    let (tag, replaced) = lock.withLock { timerSlot.next() }
    replaced?.cancel()
    guard !link.isTerminated else { return }
    armTimer(
      tag: tag, at: scheduler.now.advanced(by: interval), repeatingEvery: interval, on: scheduler,
      options: options)
  }

  /// The time is up, unless a value came since this timer was started.
  @inlinable func scheduledWorkDue(_ tag: UInt64) {
    if tag == Self.deliveryTag {
      switch lock.withLock({ scheduled.popFirst() }) {
      case .value(let value)?: delivery.receive(value)
      case .completion(let completion)?:
        if link.terminate(cancelUpstream: false) { delivery.receive(completion: completion) }
      case nil: break
      }
      return
    }
    let fired = lock.withLock { timerSlot.fire(tag) }
    guard fired else { return }
    cancelSpentTimer()
    guard link.terminate() else { return }
    delivery.receive(completion: customError.map { .failure($0()) } ?? .finished)
  }

  @inlinable func cancel() {
    lock.withLock { if !subscribed { cancelledEarly = true } }
    link.terminate()
    delivery.cancel()
    closeTimer()
    let dropped = lock.withLock { () -> FIFOQueue<SerialDelivery<Downstream>.Event> in
      defer { scheduled = FIFOQueue() }
      return scheduled
    }
    withExtendedLifetime(dropped) {}
  }
}
