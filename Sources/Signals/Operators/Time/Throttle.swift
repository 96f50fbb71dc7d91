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
  /// A value delivered at an interval's end starts the next interval. A finish waits for a
  /// pending value, then follows it; a failure drops it and goes at once. Completion: a
  /// completion with nothing pending is, as in Combine, an action scheduled on `scheduler` as
  /// soon as it can run. Threading: the first value of a quiet period is delivered on the
  /// upstream's thread, later ones and the completion on `scheduler`.
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
      state.delivery.holdForHandshake(state)
      upstream.subscribe(state.input)
    }
  }
}

@usableFromInline
final class ThrottleState<Downstream: Subscriber, Context: Scheduler>: Subscription, TimerSlotOwner,
  @unchecked Sendable
{
  // @unchecked: the `var`s are touched only inside `lock`.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let link = UpstreamLink(role: .throttle)
  @usableFromInline let interval: SchedulerTime.Stride
  @usableFromInline let scheduler: Context
  @usableFromInline let latest: Bool
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var windowOpen = false
  @usableFromInline @exclusivity(unchecked) var pending: Downstream.Input?
  @usableFromInline @exclusivity(unchecked) var finishAfterPending = false
  /// The interval's timer; closed once the operator has ended.
  @usableFromInline @exclusivity(unchecked) var timerSlot = TimerSlot()
  /// A completion with nothing pending, until the action that delivers it runs on the scheduler.
  @usableFromInline @exclusivity(unchecked) var ending: Subscribers.Completion<Downstream.Failure>?
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(
    _ downstream: Downstream, interval: SchedulerTime.Stride, scheduler: Context, latest: Bool
  ) {
    delivery = SerialDelivery(downstream, overflow: .drop)
    self.interval = interval
    self.scheduler = scheduler
    self.latest = latest
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
    let opens = lock.withLock { () -> Bool in
      if windowOpen {
        if latest || pending == nil { pending = value }
        return false
      }
      windowOpen = true
      return true
    }
    guard opens else { return }
    delivery.receive(value)
    openWindow()
  }

  /// Starts the interval's timer.
  @inlinable func openWindow() {
    // Combine's `Throttle` takes no scheduler options.
    restartTimer(at: scheduler.now.advanced(by: interval), on: scheduler, options: nil)
  }

  /// The interval is over: deliver what is pending and start the next one, or go quiet.
  @inlinable func scheduledWorkDue(_ tag: UInt64) {
    if tag == TimerSlot.endingTag {
      let completion = lock.withLock { () -> Subscribers.Completion<Downstream.Failure>? in
        defer { ending = nil }
        return ending
      }
      if let completion { delivery.receive(completion: completion) }
      return
    }
    let (value, finish) = lock.withLock { () -> (Downstream.Input?, Bool) in
      guard timerSlot.fire(tag) else { return (nil, false) }
      guard let value = pending else {
        windowOpen = false
        return (nil, false)
      }
      pending = nil
      return (value, finishAfterPending)
    }
    guard let value else { return }
    delivery.receive(value)
    if finish {
      delivery.receive(completion: .finished)
      end()
    } else {
      openWindow()
    }
  }

  @inlinable func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
    // A completion before the subscription breaks the protocol; Combine ignores it.
    guard link.isAttached, link.terminate(cancelUpstream: false) else { return }
    if case .finished = completion {
      let waits = lock.withLock { () -> Bool in
        finishAfterPending = pending != nil
        return finishAfterPending
      }
      if waits { return }
    }
    // As Combine's, a completion with nothing pending goes through the scheduler, in an action
    // scheduled at once (a failure drops what is pending).
    end()
    lock.withLock { ending = completion }
    scheduleWork(on: scheduler, options: nil, tag: TimerSlot.endingTag)
  }

  @inlinable func end() {
    let token = lock.withLock { () -> (any Cancellable)? in
      pending = nil
      return timerSlot.close()
    }
    token?.cancel()
  }

  @inlinable func cancel() {
    link.terminate()
    delivery.cancel()
    end()
  }
}
