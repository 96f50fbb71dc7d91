// Combine's spellings of the scheduler-bound operators with an `options:` argument, so that
// `debounce(for: 0.3, scheduler: RunLoop.main, options: nil)` compiles. Each makes the
// publisher of the operator without options (documented there), with `options` (and
// `tolerance`) stored in Combine's properties. `debounce`, `delay`, `timeout`, `receive(on:)` and
// `subscribe(on:)` pass them to the scheduler, as Combine does; `measureInterval` only reads the
// clock, so there they are stored, not applied. (`collect(_:options:)` is declared with its
// operator, which passes the options to its timer.)
// The `options:` argument has no default here, so calls without it keep resolving to the
// operators themselves.

extension Publisher {
  /// `debounce(for:scheduler:)`, with Combine's `options:` (passed to the scheduler with every
  /// timer).
  ///
  /// Diagram: see `debounce(for:scheduler:)`.
  ///
  /// - Parameters:
  ///   - dueTime: How long the upstream must be quiet before its latest value is delivered.
  ///   - scheduler: The scheduler the timing runs on.
  ///   - options: Passed to the scheduler with every timer.
  /// - Returns: A publisher of the values the upstream left standing for `dueTime`.
  @inlinable
  public func debounce<S: Scheduler>(
    for dueTime: SchedulerTime.Stride, scheduler: S, options: S.SchedulerOptions?
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }

  /// `delay(for:scheduler:)`, with Combine's `tolerance:` and `options:`, both passed to the
  /// scheduler with every delayed event.
  ///
  /// Diagram: see `delay(for:scheduler:)`.
  ///
  /// - Parameters:
  ///   - interval: How long each event is held.
  ///   - tolerance: Passed to the scheduler with every delayed event; `nil` is its minimum.
  ///   - scheduler: The scheduler the timing runs on.
  ///   - options: Passed to the scheduler with every delayed event.
  /// - Returns: A publisher of the upstream's events, each `interval` later.
  @inlinable
  public func delay<S: Scheduler>(
    for interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride?, scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(
      upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
      scheduler: scheduler,
      options: options)
  }

  /// `delay(for:scheduler:)`, with Combine's `options:` (passed to the scheduler with every delayed event).
  ///
  /// Diagram: see `delay(for:scheduler:)`.
  ///
  /// - Parameters:
  ///   - interval: How long each event is held.
  ///   - scheduler: The scheduler the timing runs on.
  ///   - options: Passed to the scheduler with every delayed event.
  /// - Returns: A publisher of the upstream's events, each `interval` later.
  @inlinable
  public func delay<S: Scheduler>(
    for interval: SchedulerTime.Stride, scheduler: S, options: S.SchedulerOptions?
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(
      upstream: self, interval: interval, tolerance: scheduler.minimumTolerance, scheduler: scheduler,
      options: options)
  }

  /// `timeout(_:scheduler:customError:)`, with Combine's `options:` (passed to the scheduler with
  /// every timer and delivery).
  ///
  /// Diagram: see `timeout(_:scheduler:customError:)`.
  ///
  /// - Parameters:
  ///   - interval: How long the upstream may be quiet before the publisher ends.
  ///   - scheduler: The scheduler the timing runs on.
  ///   - options: Passed to the scheduler with every timer and delivery.
  ///   - customError: Makes the failure a timeout ends with; `nil` finishes instead.
  /// - Returns: A publisher of the upstream's events until it is quiet for `interval`.
  @inlinable
  public func timeout<S: Scheduler>(
    _ interval: SchedulerTime.Stride, scheduler: S, options: S.SchedulerOptions?,
    customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, S> {
    Publishers.Timeout(
      upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
  }

  /// `receive(on:)`, with Combine's `options:` (passed to the scheduler with every delivery).
  ///
  /// Diagram: see `receive(on:)`.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler that delivers every event.
  ///   - options: Passed to the scheduler with every delivery.
  /// - Returns: A publisher of the upstream's events, delivered by `scheduler`.
  @inlinable
  public func receive<S: Scheduler>(
    on scheduler: S, options: S.SchedulerOptions?
  ) -> Publishers.ReceiveOn<Self, S> {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }

  /// `subscribe(on:)`, with Combine's `options:`, which reach the scheduler with the
  /// subscription, each request and the cancel, as in Combine.
  ///
  /// Diagram: see `subscribe(on:)`.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler that subscribes, asks and cancels.
  ///   - options: Passed to `scheduler.schedule(options:_:)` with each of those actions.
  /// - Returns: A publisher that subscribes to the upstream on `scheduler`.
  @inlinable
  public func subscribe<S: Scheduler>(
    on scheduler: S, options: S.SchedulerOptions?
  ) -> Publishers.SubscribeOn<Self, S> {
    Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
  }

  /// `measureInterval(using:)`, with Combine's `options:` (ignored: it only reads `now`).
  ///
  /// Diagram: see `measureInterval(using:)`.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler whose clock measures.
  ///   - options: Ignored.
  /// - Returns: A publisher of the time between the upstream's values.
  @inlinable
  public func measureInterval<S: Scheduler>(
    using scheduler: S, options: S.SchedulerOptions?
  ) -> Publishers.MeasureInterval<Self, S> {
    measureInterval(using: scheduler)
  }
}
