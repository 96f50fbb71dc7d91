extension Publishers {
  /// A repeating timer on any scheduler; see `Scheduler.timer(every:)`.
  public struct Timer: Publisher, Sendable {
    /// The scheduler's time at each tick.
    public typealias Output = SchedulerTime
    /// A timer cannot fail.
    public typealias Failure = Never

    /// The time between ticks.
    public let interval: SchedulerTime.Stride
    /// Where the ticks happen.
    public let scheduler: any Scheduler

    /// Makes a timer that ticks every `interval` on `scheduler`.
    ///
    /// - Parameters:
    ///   - interval: The time between ticks.
    ///   - scheduler: The scheduler the ticks run on.
    @inlinable
    public init(every interval: SchedulerTime.Stride, scheduler: any Scheduler) {
      self.interval = Swift.max(interval, .minimumInterval)
      self.scheduler = scheduler
    }

    /// Starts a timer for `subscriber`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = TimerState(subscriber, scheduler: scheduler)
      subscriber.receive(subscription: state)
      state.start(interval: interval)
    }
  }
}

@usableFromInline
final class TimerState<Downstream: Subscriber>: Subscription, TimerSlotOwner, @unchecked Sendable
where Downstream.Input == SchedulerTime {
  // @unchecked: `timerSlot` is touched only inside `lock`.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let scheduler: any Scheduler
  @usableFromInline let lock = Lock()
  /// The repeating timer; closed at cancel.
  @usableFromInline @exclusivity(unchecked) var timerSlot = TimerSlot()
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream, scheduler: any Scheduler) {
    delivery = SerialDelivery(downstream, overflow: .drop)
    self.scheduler = scheduler
  }
  /// Adds to the subscriber's demand.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  @inlinable func start(interval: SchedulerTime.Stride) {
    startRepeatingTimer(at: scheduler.now.advanced(by: interval), interval: interval, on: scheduler)
  }

  /// A tick: deliver the scheduler's time.
  @inlinable func scheduledWorkDue(_ tag: UInt64) {
    delivery.receive(scheduler.now)
  }

  @inlinable func cancel() {
    delivery.cancel()
    closeTimer()
  }
}
