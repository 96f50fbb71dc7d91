import Signals

extension Scheduler {
  /// A fresh `TestScheduler`, spelled as combine-schedulers spells it: `DispatchQueue.test`,
  /// `RunLoop.test`, `OperationQueue.test`.
  ///
  /// Every Signals scheduler shares one time type, so a test scheduler stands in for any of
  /// them; the type it is spelled on only documents what it replaces. Declared on `Scheduler`
  /// rather than on each type, so `RunLoop.test` works as soon as SignalsFoundation makes
  /// `RunLoop` a scheduler, and this module itself imports no Foundation. Each access makes
  /// a new scheduler whose clock reads zero; keep it in a `let`. Threading and failure: those of
  /// `TestScheduler`.
  public static var test: TestScheduler { TestScheduler() }
}

/// combine-schedulers' name for the type of `DispatchQueue.test`: `TestScheduler` whatever `S`
/// is, since every Signals scheduler shares one time type.
public typealias TestSchedulerOf<S> = TestScheduler

extension Scheduler {
  /// A repeating timer on this scheduler, spelled as combine-schedulers spells it:
  /// `scheduler.timerPublisher(every: 1).autoconnect()`.
  ///
  /// It is a `Publishers.Timer`: connectable, ticking this scheduler's time every `interval`
  /// from one interval after `connect()`; see its documentation for demand and completion.
  /// Threading: ticks are delivered on this scheduler. Bad input: an `interval` below one
  /// nanosecond is treated as one nanosecond.
  ///
  /// - Parameters:
  ///   - interval: The time between ticks.
  ///   - tolerance: How late a tick may be; `nil` for this scheduler's `minimumTolerance`.
  ///   - options: The scheduler options the ticks are scheduled with.
  /// - Returns: A connectable publisher of this scheduler's time at each tick.
  public func timerPublisher(
    every interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride? = nil,
    options: SchedulerOptions? = nil
  ) -> Publishers.Timer<Self> {
    Publishers.Timer(every: interval, tolerance: tolerance, scheduler: self, options: options)
  }
}
