import Foundation
import Signals

// Combine code passes `RunLoop.main` to time operators; `RunLoop` cannot be a Signals
// `Scheduler` (see `RunLoopScheduler`), so each operator has an overload taking a run loop, with
// Combine's labels, that runs it on `RunLoopScheduler(runLoop)`.

extension Publisher {
  /// `receive(on:)` on a run loop: every value and the completion are delivered on the run loop's
  /// thread, in order. The options carry nothing.
  ///
  /// Diagram: see `receive(on:)`.
  ///
  /// - Parameters:
  ///   - runLoop: The run loop whose thread delivers every event.
  ///   - options: Ignored.
  /// - Returns: A publisher of the upstream's events, delivered on the run loop.
  public func receive(
    on runLoop: RunLoop, options: RunLoop.SchedulerOptions? = nil
  ) -> Publishers.ReceiveOn<Self, RunLoopScheduler> {
    receive(on: runLoop.scheduler)
  }

  /// `subscribe(on:)` on a run loop: subscribing and cancelling happen on the run loop's thread.
  /// The options carry nothing.
  ///
  /// Diagram: see `subscribe(on:)`.
  ///
  /// - Parameters:
  ///   - runLoop: The run loop whose thread subscribes, asks and cancels.
  ///   - options: Ignored.
  /// - Returns: A publisher that subscribes to the upstream on the run loop.
  public func subscribe(
    on runLoop: RunLoop, options: RunLoop.SchedulerOptions? = nil
  ) -> Publishers.SubscribeOn<Self, RunLoopScheduler> {
    subscribe(on: runLoop.scheduler)
  }

  /// `debounce(for:scheduler:)` on a run loop's timers. The options carry nothing.
  ///
  /// Diagram: see `debounce(for:scheduler:)`.
  ///
  /// - Parameters:
  ///   - dueTime: How long the upstream must be quiet before its latest value is delivered.
  ///   - runLoop: The run loop the work runs on.
  ///   - options: Ignored.
  /// - Returns: A publisher of the values the upstream left standing for `dueTime`.
  public func debounce(
    for dueTime: SchedulerTime.Stride, scheduler runLoop: RunLoop, options: RunLoop.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, RunLoopScheduler> {
    debounce(for: dueTime, scheduler: runLoop.scheduler)
  }

  /// `delay(for:scheduler:)` on a run loop's timers. The tolerance and options are ignored (the
  /// delay is exact as the run loop can make it).
  ///
  /// Diagram: see `delay(for:scheduler:)`.
  ///
  /// - Parameters:
  ///   - interval: How long each event is held.
  ///   - tolerance: Ignored.
  ///   - runLoop: The run loop the work runs on.
  ///   - options: Ignored.
  /// - Returns: A publisher of the upstream's events, each `interval` later.
  public func delay(
    for interval: SchedulerTime.Stride, tolerance: SchedulerTime.Stride? = nil, scheduler runLoop: RunLoop,
    options: RunLoop.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self, RunLoopScheduler> {
    delay(for: interval, scheduler: runLoop.scheduler)
  }

  /// `throttle(for:scheduler:latest:)` on a run loop's timers.
  ///
  /// Diagram: see `throttle(for:scheduler:latest:)`.
  ///
  /// - Parameters:
  ///   - interval: The window each delivered value opens.
  ///   - runLoop: The run loop the work runs on.
  ///   - latest: Whether a window delivers its latest value (`true`) or its first.
  /// - Returns: A publisher of at most one value per window.
  public func throttle(
    for interval: SchedulerTime.Stride, scheduler runLoop: RunLoop, latest: Bool
  ) -> Publishers.Throttle<Self, RunLoopScheduler> {
    throttle(for: interval, scheduler: runLoop.scheduler, latest: latest)
  }

  /// `timeout(_:scheduler:customError:)` on a run loop's timers. The options carry nothing.
  ///
  /// Diagram: see `timeout(_:scheduler:customError:)`.
  ///
  /// - Parameters:
  ///   - interval: How long the upstream may be quiet before the publisher ends.
  ///   - runLoop: The run loop the work runs on.
  ///   - options: Ignored.
  ///   - customError: Makes the failure a timeout ends with; `nil` finishes instead.
  /// - Returns: A publisher of the upstream's events until it is quiet for `interval`.
  public func timeout(
    _ interval: SchedulerTime.Stride, scheduler runLoop: RunLoop, options: RunLoop.SchedulerOptions? = nil,
    customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, RunLoopScheduler> {
    timeout(interval, scheduler: runLoop.scheduler, customError: customError)
  }

  /// `measureInterval(using:)` on a run loop's clock (the monotonic clock). The options carry
  /// nothing.
  ///
  /// Diagram: see `measureInterval(using:)`.
  ///
  /// - Parameters:
  ///   - runLoop: The run loop the work runs on.
  ///   - options: Ignored.
  /// - Returns: A publisher of the time between the upstream's values.
  public func measureInterval(
    using runLoop: RunLoop, options: RunLoop.SchedulerOptions? = nil
  ) -> Publishers.MeasureInterval<Self, RunLoopScheduler> {
    measureInterval(using: runLoop.scheduler)
  }
}
