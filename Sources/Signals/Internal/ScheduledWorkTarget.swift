/// An operator or source state that schedules work on a scheduler (a timer that fires later, or
/// a delivery or subscription to run as soon as possible) and is called back with a tag.
///
/// The scheduling helpers below are generic over the concrete target and inlinable, so the
/// closure handed to the scheduler is made in the operator's specialised code and calls its
/// `scheduledWorkDue` directly. (Called through `any ScheduledWorkTarget`, that method ran as
/// unspecialised generic code, which looked up the type metadata of the operator's state on
/// every value: about 3,300 instructions of a `receive(on:)` value's 8,100.) Only the target is
/// captured, which is `Sendable` and so has a sendable metatype; the operator's own generic
/// parameters are not.
@usableFromInline
protocol ScheduledWorkTarget: AnyObject, Sendable {
  /// Called on the scheduler when the work tagged `tag` is due (a timer fired, or queued work runs).
  func scheduledWorkDue(_ tag: UInt64)
}

extension Scheduler {
  /// Calls `target.scheduledWorkDue(tag)` at `date`, unless `target` is gone by then.
  @inlinable
  func schedule<Target: ScheduledWorkTarget>(
    after date: SchedulerTime, weak target: Target, tag: UInt64
  ) -> any Cancellable {
    schedule(after: date) { [weak target] in target?.scheduledWorkDue(tag) }
  }

  /// Calls `target.scheduledWorkDue(tag)` as soon as possible, keeping `target` alive until then.
  @inlinable
  func schedule<Target: ScheduledWorkTarget>(target: Target, tag: UInt64) {
    schedule { target.scheduledWorkDue(tag) }
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
