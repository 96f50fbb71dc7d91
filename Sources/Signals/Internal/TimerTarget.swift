/// An operator state that schedules timed work on a scheduler and is called back with a tag.
///
/// The scheduled closures are made here, outside the generic operator code, so they capture only
/// this existential (Sendable metatypes: a closure in a generic class would capture the
/// class's generic parameters too).
@usableFromInline
protocol TimerTarget: AnyObject, Sendable {
  /// Called on the scheduler when the work tagged `tag` is due.
  func timerFired(_ tag: UInt64)
}

extension Scheduler {
  /// Calls `target.timerFired(tag)` at `date`, unless `target` is gone by then.
  @usableFromInline
  func schedule(after date: SchedulerTime, weak target: any TimerTarget, tag: UInt64) -> any Cancellable {
    schedule(after: date) { [weak target] in target?.timerFired(tag) }
  }

  /// Calls `target.timerFired(tag)` as soon as possible, keeping `target` alive until then.
  @usableFromInline
  func schedule(target: any TimerTarget, tag: UInt64) {
    schedule { target.timerFired(tag) }
  }
}

extension Scheduler {
  /// Calls `target.timerFired(0)` at `date` and every `interval` after, while `target` lives.
  @usableFromInline
  func repeating(
    after date: SchedulerTime, interval: SchedulerTime.Stride, weak target: any TimerTarget
  )
    -> any Cancellable
  {
    schedule(after: date, interval: interval) { [weak target] in target?.timerFired(0) }
  }
}
