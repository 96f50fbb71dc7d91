extension Publisher {
  /// Delivers a value only after `dueTime` has passed without another value; each new value
  /// restarts the wait and replaces the pending one.
  ///
  /// ```
  /// upstream:           ab-c----d--|
  /// debounce(3 frames): ------c----(d|)
  /// ```
  ///
  /// (From `TimeMarbleTests`, one frame = 1 ms.)
  ///
  /// When the upstream finishes, a pending value is delivered at once, then the finish (Combine
  /// drops it; Signals loses no value). A failure drops the pending value and is forwarded at
  /// once. Completion: as in Combine, the completion (with the pending value before a finish)
  /// is an action scheduled on `scheduler` as soon as it can run. Threading: everything is
  /// delivered on `scheduler`. Bad input: a negative `dueTime` is treated as zero. Demand, as in Combine:
  /// the upstream is asked for everything, and a value due when the subscriber has no demand
  /// is dropped. The subscription handshake is Combine's: the upstream is
  /// subscribed first, and the subscriber receives this operator's subscription when the
  /// upstream's arrives.
  ///
  /// - Parameters:
  ///   - dueTime: How long the upstream must be quiet before its latest value is delivered.
  ///   - scheduler: The scheduler the timing runs on.
  /// - Returns: A publisher of the values the upstream left standing for `dueTime`.
  @inlinable
  public func debounce<S: Scheduler>(
    for dueTime: SchedulerTime.Stride, scheduler: S
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler)
  }

  /// `debounce(for:scheduler:)` with a scheduler known only as `any Scheduler`: the same
  /// operator, whose type names the scheduler `AnyScheduler`.
  ///
  /// Diagram: see `debounce(for:scheduler:)`.
  ///
  /// - Parameters:
  ///   - dueTime: How long the upstream must be quiet before its latest value is delivered.
  ///   - scheduler: The scheduler the timing runs on.
  /// - Returns: A publisher of the values the upstream left standing for `dueTime`.
  @_disfavoredOverload @inlinable
  public func debounce(
    for dueTime: SchedulerTime.Stride, scheduler: any Scheduler
  ) -> Publishers.Debounce<Self, AnyScheduler> {
    debounce(for: dueTime, scheduler: AnyScheduler(scheduler))
  }
}

extension Publishers {
  /// The publisher `debounce(for:scheduler:)` returns, its scheduler of type `Context` (as in Combine).
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher debounced.
    public let upstream: Upstream
    /// How long the upstream must be quiet before the pending value goes.
    public let dueTime: SchedulerTime.Stride
    /// Where the waits are timed and the values delivered.
    public let scheduler: Context
    /// The options passed to the scheduler with every timer.
    public let options: Context.SchedulerOptions?

    /// Makes the publisher; prefer `upstream.debounce(for:scheduler:)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - dueTime: How long the upstream must stay quiet before the latest value is delivered.
    ///   - scheduler: The scheduler the timing and delivery run on.
    @inlinable
    public init(upstream: Upstream, dueTime: SchedulerTime.Stride, scheduler: Context) {
      self.upstream = upstream
      self.dueTime = Swift.max(dueTime, .zero)
      self.scheduler = scheduler
      self.options = nil
    }

    /// Makes the publisher with Combine's labels, `options` included.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - dueTime: How long the upstream must stay quiet before the latest value is delivered.
    ///   - scheduler: The scheduler the timing and delivery run on.
    ///   - options: Passed to the scheduler with every timer.
    @inlinable
    public init(
      upstream: Upstream, dueTime: SchedulerTime.Stride, scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = Swift.max(dueTime, .zero)
      self.scheduler = scheduler
      self.options = options
    }

    /// Subscribes `subscriber` through the debouncer.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = DebounceState<S, Context>(
        subscriber, dueTime: dueTime, scheduler: scheduler, options: options)
      state.delivery.holdForHandshake(state)
      upstream.subscribe(OwnedInput(state.input, owner: state))
    }
  }
}

@usableFromInline
final class DebounceState<Downstream: Subscriber, Context: Scheduler>: Subscription, TimerSlotOwner,
  @unchecked Sendable
{
  // @unchecked: `pending`, `deadline`, `armed`, `armedFor` and `timerSlot` are touched only
  // inside `lock`; `options` is only read, to pass to the scheduler.
  //
  // One timer at most, not one per value: a value only moves the deadline, and a timer that
  // fires before the deadline re-arms itself for it. A burst of n values costs two timers
  // instead of n scheduled and n - 1 cancelled, with the same result: the last value is
  // delivered `dueTime` after it arrived.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let link = UpstreamLink(role: .debounce)
  @usableFromInline let dueTime: SchedulerTime.Stride
  @usableFromInline let scheduler: Context
  @usableFromInline let options: Context.SchedulerOptions?
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var pending: Downstream.Input?
  /// When the pending value is due.
  @usableFromInline @exclusivity(unchecked) var deadline = SchedulerTime(nanoseconds: 0)
  /// Whether a timer is scheduled (it fires at or before `deadline`).
  @usableFromInline @exclusivity(unchecked) var armed = false
  /// The deadline the scheduled timer was armed for: a timer re-arms only when a later value
  /// moved `deadline` past it, never because the scheduler's clock reads earlier than the
  /// deadline (an immediate scheduler's `now` never moves; re-arming on it recursed forever).
  @usableFromInline @exclusivity(unchecked) var armedFor = SchedulerTime(nanoseconds: 0)
  @usableFromInline @exclusivity(unchecked) var timerSlot = TimerSlot()
  /// What the upstream's completion left to deliver (the pending value, then the completion),
  /// until the action that delivers it runs on the scheduler.
  @usableFromInline @exclusivity(unchecked) var ending: Ending?
  @usableFromInline typealias Ending = (
    value: Downstream.Input?, completion: Subscribers.Completion<Downstream.Failure>
  )
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(
    _ downstream: Downstream, dueTime: SchedulerTime.Stride, scheduler: Context,
    options: Context.SchedulerOptions?
  ) {
    delivery = SerialDelivery(downstream, overflow: .drop)
    self.dueTime = dueTime
    self.scheduler = scheduler
    self.options = options
  }
  /// Adds to the subscriber's demand.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  @inlinable var input: LinkedInput<Downstream.Input, Downstream.Failure> {
    LinkedInput(
      link: link, receiveValue: receive, onSubscribe: { [self] in handshakeThenRequest() },
      receiveCompletion: complete)
  }

  /// Combine's handshake: the subscriber has this subscription before the upstream is asked for
  /// everything, so a synchronous upstream's values find the subscriber's demand.
  @inlinable func handshakeThenRequest() {
    delivery.completeHandshake()
    link.request(.unlimited)
  }

  @inlinable func receive(_ value: Downstream.Input) {
    let due = scheduler.now.advanced(by: dueTime)
    let tag = lock.withLock { () -> UInt64? in
      pending = value
      deadline = due
      if armed { return nil }
      armed = true
      armedFor = due
      return timerSlot.next().tag
    }
    if let tag { armTimer(tag: tag, at: due, repeatingEvery: dueTime, on: scheduler, options: options) }
  }

  @inlinable func scheduledWorkDue(_ tag: UInt64) {
    if tag == TimerSlot.endingTag {
      deliverEnding()
      return
    }
    var rearm: (date: SchedulerTime, tag: UInt64)?
    let value = lock.withLock { () -> Downstream.Input? in
      guard armed, timerSlot.fire(tag) else { return nil }
      if deadline > armedFor {
        armedFor = deadline
        rearm = (deadline, timerSlot.next().tag)
        return nil
      }
      armed = false
      defer { pending = nil }
      return pending
    }
    cancelSpentTimer()
    if let rearm {
      armTimer(tag: rearm.tag, at: rearm.date, repeatingEvery: dueTime, on: scheduler, options: options)
    }
    if let value { delivery.receive(value) }
  }

  /// Ends the wait: returns the pending value and cancels its timer.
  @inlinable func takePending() -> Downstream.Input? {
    let (value, token) = lock.withLock { () -> (Downstream.Input?, (any Cancellable)?) in
      armed = false
      defer { pending = nil }
      return (pending, timerSlot.stop())
    }
    token?.cancel()
    return value
  }

  /// The completion goes through the scheduler, as Combine's does, in an action scheduled at
  /// once; a finish brings the pending value with it, a failure drops it.
  @inlinable func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
    // A completion before the subscription breaks the protocol; Combine ignores it.
    guard link.isAttached, link.terminate(cancelUpstream: false) else { return }
    var value = takePending()
    if case .failure = completion { value = nil }
    lock.withLock { ending = (value, completion) }
    scheduleWork(on: scheduler, options: options, tag: TimerSlot.endingTag)
  }

  @inlinable func deliverEnding() {
    let taken = lock.withLock { () -> Ending? in
      defer { ending = nil }
      return ending
    }
    guard let taken else { return }
    if let value = taken.value { delivery.receive(value) }
    delivery.receive(completion: taken.completion)
  }

  @inlinable func cancel() {
    link.terminate()
    delivery.cancel()
    _ = takePending()
  }
}
