extension Publisher {
  /// Delivers every value and the completion `interval` later than it arrived, in order.
  ///
  /// ```
  /// upstream:         a-b|
  /// delay(2 frames):  --a-b|
  /// ```
  ///
  /// (From `TimeMarbleTests`, one frame = 1 ms.)
  ///
  /// Failures are delayed too (everything keeps its order). Threading: delivered on
  /// `scheduler`. Bad input: a negative `interval` is treated as zero. Demand passes through, and
  /// what the subscriber returns from each value is asked of the upstream when the value is
  /// delivered (Combine's, even after asking for `.unlimited`). The subscription handshake is Combine's: the upstream is
  /// subscribed first, and the subscriber receives this operator's subscription when the
  /// upstream's arrives.
  ///
  /// - Parameters:
  ///   - interval: How long each event is held.
  ///   - scheduler: The scheduler the timing runs on.
  /// - Returns: A publisher of the upstream's events, each `interval` later.
  @inlinable
  public func delay<S: Scheduler>(
    for interval: SchedulerTime.Stride, scheduler: S
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(upstream: self, interval: interval, scheduler: scheduler)
  }

  /// `delay(for:scheduler:)` with a scheduler known only as `any Scheduler`: the same
  /// operator, whose type names the scheduler `AnyScheduler`.
  ///
  /// Diagram: see `delay(for:scheduler:)`.
  ///
  /// - Parameters:
  ///   - interval: How long each event is held.
  ///   - scheduler: The scheduler the timing runs on.
  /// - Returns: A publisher of the upstream's events, each `interval` later.
  @_disfavoredOverload @inlinable
  public func delay(
    for interval: SchedulerTime.Stride, scheduler: any Scheduler
  ) -> Publishers.Delay<Self, AnyScheduler> {
    delay(for: interval, scheduler: AnyScheduler(scheduler))
  }
}

extension Publishers {
  /// The publisher `delay(for:scheduler:)` returns, its scheduler of type `Context` (as in Combine).
  public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher delayed.
    public let upstream: Upstream
    /// How much later each event is delivered.
    public let interval: SchedulerTime.Stride
    /// Where the delays are timed and the events delivered.
    public let scheduler: Context
    /// The options passed to the scheduler with every delayed event.
    public let options: Context.SchedulerOptions?
    /// How late the scheduler may deliver each event, passed to it with `options`.
    public let tolerance: SchedulerTime.Stride

    /// Makes the publisher; prefer `upstream.delay(for:scheduler:)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - interval: How long each value and the completion are held back.
    ///   - scheduler: The scheduler the delayed events are delivered on.
    @inlinable
    public init(upstream: Upstream, interval: SchedulerTime.Stride, scheduler: Context) {
      self.upstream = upstream
      self.interval = Swift.max(interval, .zero)
      self.scheduler = scheduler
      self.options = nil
      // Combine's default: the scheduler's minimum tolerance, read once.
      self.tolerance = scheduler.minimumTolerance
    }

    /// Makes the publisher with Combine's labels, `options` included.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - interval: How long each value and the completion are held back.
    ///   - tolerance: Passed to the scheduler with every delayed event.
    ///   - scheduler: The scheduler the delayed events are delivered on.
    ///   - options: Passed to the scheduler with every delayed event.
    @inlinable
    public init(
      upstream: Upstream, interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride, scheduler: Context,
      options: Context.SchedulerOptions? = nil
    ) {
      self.upstream = upstream
      self.interval = Swift.max(interval, .zero)
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    /// Subscribes `subscriber` through the delay.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = ScheduledDelivery<S, Context>(
        subscriber, scheduler: scheduler, options: options, delay: interval, tolerance: tolerance)
      // Combine's `delay` subscription describes and reflects nothing of its own.
      let inner = Inner(state)
      state.delivery.holdForHandshake(inner)
      upstream.subscribe(inner)
    }
  }
}
