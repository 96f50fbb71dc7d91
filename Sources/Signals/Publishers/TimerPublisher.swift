extension Publishers {
  /// A repeating timer on any scheduler, shaped as combine-schedulers' `Publishers.Timer`: a
  /// connectable publisher of the scheduler's time, ticking every `interval` from one interval
  /// after `connect()` until the connection is cancelled; see `Scheduler.timer(every:)` for its
  /// diagram.
  ///
  /// Its subscribers share the ticks of every connection, as subscribers of a subject do: a
  /// subscriber sees the ticks that come while it is subscribed and has demand (a tick meeting
  /// no demand is dropped, as Foundation's timer publisher drops it). It never finishes by
  /// itself; use `prefix`, or cancel. `autoconnect()` connects at the first subscriber and
  /// disconnects when the last one leaves. (`scheduler.timerPublisher(every:)` in
  /// SignalsVirtualTime and `scheduler.timer(every:)` in SignalsExtras make one.)
  ///
  /// Threading: ticks are delivered on `scheduler`. Bad input: an `interval` below one
  /// nanosecond is treated as one nanosecond.
  public final class Timer<S: Scheduler>: ConnectablePublisher {
    /// The scheduler's time at each tick.
    public typealias Output = SchedulerTime
    /// A timer cannot fail.
    public typealias Failure = Never

    /// The time between ticks.
    public let interval: SchedulerTime.Stride
    /// How late a tick may be; `nil` for the scheduler's `minimumTolerance`.
    public let tolerance: SchedulerTime.Stride?
    /// Where the ticks happen.
    public let scheduler: S
    /// The scheduler options the ticks are scheduled with.
    public let options: S.SchedulerOptions?

    @usableFromInline let ticks = PassthroughSubject<SchedulerTime, Never>()

    /// Makes a timer that ticks every `interval` on `scheduler` once connected.
    ///
    /// - Parameters:
    ///   - interval: The time between ticks; below one nanosecond counts as one nanosecond.
    ///   - tolerance: How late a tick may be; `nil` for the scheduler's `minimumTolerance`.
    ///   - scheduler: The scheduler the ticks run on.
    ///   - options: The scheduler options the ticks are scheduled with.
    public init(
      every interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride? = nil, scheduler: S,
      options: S.SchedulerOptions? = nil
    ) {
      self.interval = Swift.max(interval, .minimumInterval)
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` to the ticks.
    @inlinable
    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
      ticks.receive(subscriber: subscriber)
    }

    /// Starts ticking: the first tick one `interval` from now.
    ///
    /// - Returns: The cancellable that stops this connection's ticks.
    public func connect() -> any Cancellable {
      let (scheduler, ticks) = (scheduler, ticks)
      return scheduler.schedule(
        after: scheduler.now.advanced(by: interval), interval: interval,
        tolerance: tolerance ?? scheduler.minimumTolerance, options: options
      ) { ticks.send(scheduler.now) }
    }
  }
}
