import Foundation
import Signals

// Combine code passes `RunLoop.main` to time operators; `RunLoop` cannot be a Signals
// `Scheduler` (see `RunLoopScheduler`), so each operator has an overload taking a run loop, with
// Combine's labels, that runs it on `RunLoopScheduler(runLoop)`.

extension Publisher {
  /// `receive(on:)` on a run loop: every value and the completion are delivered on the run loop's
  /// thread, in order. The options carry nothing.
  public func receive(
    on runLoop: RunLoop, options: RunLoop.SchedulerOptions? = nil
  ) -> Publishers.ReceiveOn<Self> {
    receive(on: runLoop.scheduler)
  }

  /// `subscribe(on:)` on a run loop: subscribing and cancelling happen on the run loop's thread.
  /// The options carry nothing.
  public func subscribe(
    on runLoop: RunLoop, options: RunLoop.SchedulerOptions? = nil
  ) -> Publishers.SubscribeOn<Self> {
    subscribe(on: runLoop.scheduler)
  }

  /// `debounce(for:scheduler:)` on a run loop's timers. The options carry nothing.
  public func debounce(
    for dueTime: SchedulerTime.Stride, scheduler runLoop: RunLoop, options: RunLoop.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self> {
    debounce(for: dueTime, scheduler: runLoop.scheduler)
  }

  /// `delay(for:scheduler:)` on a run loop's timers. The tolerance and options are ignored (the
  /// delay is exact as the run loop can make it).
  public func delay(
    for interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride? = nil, scheduler runLoop: RunLoop,
    options: RunLoop.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self> {
    delay(for: interval, scheduler: runLoop.scheduler)
  }

  /// `throttle(for:scheduler:latest:)` on a run loop's timers.
  public func throttle(
    for interval: SchedulerTime.Stride, scheduler runLoop: RunLoop, latest: Bool
  ) -> Publishers.Throttle<Self> {
    throttle(for: interval, scheduler: runLoop.scheduler, latest: latest)
  }

  /// `timeout(_:scheduler:customError:)` on a run loop's timers. The options carry nothing.
  public func timeout(
    _ interval: SchedulerTime.Stride, scheduler runLoop: RunLoop, options: RunLoop.SchedulerOptions? = nil,
    customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self> {
    timeout(interval, scheduler: runLoop.scheduler, customError: customError)
  }

  /// `measureInterval(using:)` on a run loop's clock (the monotonic clock). The options carry
  /// nothing.
  public func measureInterval(
    using runLoop: RunLoop, options: RunLoop.SchedulerOptions? = nil
  ) -> Publishers.MeasureInterval<Self, RunLoopScheduler> {
    measureInterval(using: runLoop.scheduler)
  }
}
