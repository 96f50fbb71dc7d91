/// An operator or source state that schedules work on a scheduler (a timer that fires later, or
/// a delivery or subscription to run as soon as possible) and is called back with a tag.
///
/// The scheduled closures are made here, outside the generic operator code, so they capture only
/// this existential (Sendable metatypes: a closure in a generic class would capture the
/// class's generic parameters too).
@usableFromInline
protocol ScheduledWorkTarget: AnyObject, Sendable {
  /// Called on the scheduler when the work tagged `tag` is due (a timer fired, or queued work runs).
  func scheduledWorkDue(_ tag: UInt64)
}

extension Scheduler {
  /// Calls `target.scheduledWorkDue(tag)` at `date`, unless `target` is gone by then.
  @usableFromInline
  func schedule(
    after date: SchedulerTime, weak target: any ScheduledWorkTarget, tag: UInt64
  ) -> any Cancellable {
    schedule(after: date) { [weak target] in target?.scheduledWorkDue(tag) }
  }

  /// Calls `target.scheduledWorkDue(tag)` as soon as possible, keeping `target` alive until then.
  @usableFromInline
  func schedule(target: any ScheduledWorkTarget, tag: UInt64) {
    schedule { target.scheduledWorkDue(tag) }
  }
}

extension Scheduler {
  /// Calls `target.scheduledWorkDue(tag)` at `date` and every `interval` after, while `target`
  /// lives.
  @usableFromInline
  func repeating(
    after date: SchedulerTime, interval: SchedulerTime.Stride, weak target: any ScheduledWorkTarget,
    tag: UInt64
  )
    -> any Cancellable
  {
    schedule(after: date, interval: interval) { [weak target] in target?.scheduledWorkDue(tag) }
  }
}

extension ScheduledWorkTarget {
  /// The timer dance, written once: schedules the work tagged `tag` at `date`, outside any lock,
  /// then asks `keep` (which takes the owner's lock) whether the work is still wanted, and
  /// cancels it if not. The scheduler holds the target weakly.
  @inlinable func scheduleTimer(
    tag: UInt64, at date: SchedulerTime, on scheduler: any Scheduler, keep: (any Cancellable) -> Bool
  ) {
    let token = scheduler.schedule(after: date, weak: self, tag: tag)
    if !keep(token) { token.cancel() }
  }
}
