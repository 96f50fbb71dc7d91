/// An operator or source state that schedules work on a scheduler (a timer that fires later, or
/// a delivery or subscription to run as soon as possible) and is called back with a tag.
///
/// Schedule through the target's own helpers (`scheduleWork(on:options:tag:)` and the rest): they are
/// inlinable extension methods of the target, so the closure handed to the scheduler is made in
/// the operator's specialised code and calls its `scheduledWorkDue` directly (CONTRIBUTING,
/// *closure, not method*): a `receive(on:)` value cost 7,990 instructions through the `Scheduler`
/// extension below and 2,622 this way (a bare `queue.async`: 1,633;
/// `Benchmarks/instructions --curve "receive(on:)"`).
@usableFromInline
protocol ScheduledWorkTarget: AnyObject, Sendable {
  /// Called on the scheduler when the work tagged `tag` is due (a timer fired, or queued work runs).
  func scheduledWorkDue(_ tag: UInt64)
}

// Kept for the states that still call it (observation, statecharts); operators use the
// target's helpers further down.
extension Scheduler {
  /// Calls `target.scheduledWorkDue(tag)` at `date`, unless `target` is gone by then.
  @inlinable
  func schedule<Target: ScheduledWorkTarget>(
    after date: SchedulerTime, weak target: Target, tag: UInt64
  ) -> any Cancellable {
    schedule(after: date) { [weak target] in target?.scheduledWorkDue(tag) }
  }
}

extension Scheduler {
  /// Calls `target.scheduledWorkDue(tag)` at `date` and every `interval` after, while `target`
  /// lives.
  @inlinable
  func repeating<Target: ScheduledWorkTarget>(
    after date: SchedulerTime, interval: SchedulerTime.Stride, weak target: Target, tag: UInt64
  ) -> any Cancellable {
    schedule(after: date, interval: interval) { [weak target] in target?.scheduledWorkDue(tag) }
  }
}

extension ScheduledWorkTarget {
  /// Calls `scheduledWorkDue(tag)` on `scheduler` as soon as possible, keeping `self` alive
  /// until then, with the operator's scheduler options passed as Combine passes them
  /// (`schedule(options:_:)`). The closure is made here, in code specialised for the operator
  /// (CONTRIBUTING, *closure, not method*).
  @inlinable func scheduleWork<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions?, tag: UInt64) {
    scheduler.schedule(options: options) { [self] in scheduledWorkDue(tag) }
  }

  /// Calls `scheduledWorkDue(tag)` on `scheduler` at `date`, with the operator's tolerance and
  /// options, keeping `self` alive until then: the work cannot be cancelled, as Combine's
  /// `delay` schedules its events.
  @inlinable func scheduleWork<S: Scheduler>(
    on scheduler: S, after date: SchedulerTime, tolerance: SchedulerTime.Stride, options: S.SchedulerOptions?,
    tag: UInt64
  ) {
    scheduler.schedule(after: date, tolerance: tolerance, options: options) { [self] in scheduledWorkDue(tag)
    }
  }

  /// Calls `scheduledWorkDue(tag)` on `scheduler` at `date` and every `interval` after, while
  /// `self` lives, with the operator's options.
  @inlinable func scheduleRepeatingWork<S: Scheduler>(
    on scheduler: S, at date: SchedulerTime, interval: SchedulerTime.Stride, options: S.SchedulerOptions?,
    tag: UInt64
  ) -> any Cancellable {
    scheduler.schedule(
      after: date, interval: interval, tolerance: scheduler.minimumTolerance, options: options
    ) {
      [weak self] in self?.scheduledWorkDue(tag)
    }
  }
}
