// Combine's spellings of the scheduler-bound operators with an `options:` argument, so that
// `debounce(for: 0.3, scheduler: RunLoop.main, options: nil)` compiles. Each forwards to the
// operator without options (documented there): Signals' time operators schedule plain
// actions, so a scheduler's per-action options do not apply and are ignored. The `options:`
// argument has no default here, so calls without it keep resolving to the operators
// themselves.

extension Publisher {
  /// `debounce(for:scheduler:)`, with Combine's `options:` (ignored; see the file's note).
  @inlinable
  public func debounce<S: Scheduler>(
    for dueTime: SchedulerTime.Stride, scheduler: S, options: S.SchedulerOptions?
  ) -> Publishers.Debounce<Self> {
    debounce(for: dueTime, scheduler: scheduler)
  }

  /// `delay(for:scheduler:)`, with Combine's `tolerance:` and `options:` (both ignored: the
  /// delay is exact in virtual time and as exact as the scheduler allows otherwise).
  @inlinable
  public func delay<S: Scheduler>(
    for interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride?, scheduler: S,
    options: S.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self> {
    delay(for: interval, scheduler: scheduler)
  }

  /// `delay(for:scheduler:)`, with Combine's `options:` (ignored; see the file's note).
  @inlinable
  public func delay<S: Scheduler>(
    for interval: SchedulerTime.Stride, scheduler: S, options: S.SchedulerOptions?
  ) -> Publishers.Delay<Self> {
    delay(for: interval, scheduler: scheduler)
  }

  /// `timeout(_:scheduler:customError:)`, with Combine's `options:` (ignored).
  @inlinable
  public func timeout<S: Scheduler>(
    _ interval: SchedulerTime.Stride, scheduler: S, options: S.SchedulerOptions?,
    customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self> {
    timeout(interval, scheduler: scheduler, customError: customError)
  }

  /// `receive(on:)`, with Combine's `options:` (ignored; see the file's note).
  @inlinable
  public func receive<S: Scheduler>(
    on scheduler: S, options: S.SchedulerOptions?
  ) -> Publishers.ReceiveOn<Self> {
    receive(on: scheduler)
  }

  /// `subscribe(on:)`, with Combine's `options:` (ignored; see the file's note).
  @inlinable
  public func subscribe<S: Scheduler>(
    on scheduler: S, options: S.SchedulerOptions?
  ) -> Publishers.SubscribeOn<Self> {
    subscribe(on: scheduler)
  }

  /// `measureInterval(using:)`, with Combine's `options:` (ignored: it only reads `now`).
  @inlinable
  public func measureInterval<S: Scheduler>(
    using scheduler: S, options: S.SchedulerOptions?
  ) -> Publishers.MeasureInterval<Self, S> {
    measureInterval(using: scheduler)
  }

  /// `collect(_:)` by time, with Combine's `options:` (ignored; see the file's note).
  @inlinable
  public func collect<S: Scheduler>(
    _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions?
  ) -> Publishers.CollectByTime<Self, S> {
    collect(strategy)
  }
}
