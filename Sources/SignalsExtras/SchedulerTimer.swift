import Signals

extension Scheduler {
  /// A publisher that emits this scheduler's time every `interval`, starting one interval after
  /// it is subscribed to, until it is cancelled.
  ///
  /// ```
  /// scheduler.timer(every: 2 frames).prefix(3):  --t-t-(t|)
  /// ```
  ///
  /// Each subscriber gets its own timer (a `Publishers.Timer`, connected when it subscribes);
  /// a tick meeting no demand is dropped. It never finishes by itself; use `prefix` or cancel.
  /// Threading: values are delivered on this scheduler. Bad input: an `interval` below one
  /// nanosecond is treated as one nanosecond.
  ///
  /// - Parameter interval: The time between ticks.
  /// - Returns: A publisher of this scheduler's time at each tick.
  @inlinable
  public func timer(
    every interval: SchedulerTime.Stride
  ) -> Deferred<Publishers.Autoconnect<Publishers.Timer<AnyScheduler>>> {
    // Erased, so that it can be called on `any Scheduler`.
    let scheduler = AnyScheduler(self)
    return Deferred { Publishers.Timer(every: interval, scheduler: scheduler).autoconnect() }
  }
}

extension Scheduler {
  /// Runs `action` after `delay` from now; the same as `schedule(after: now.advanced(by: delay))`.
  ///
  /// - Parameters:
  ///   - delay: How long from now the action runs.
  ///   - action: The work to run.
  /// - Returns: The cancellable that keeps `action` from running.
  @discardableResult
  public func schedule(
    afterDelay delay: SchedulerTime.Stride, _ action: @escaping @Sendable () -> Void
  ) -> any Cancellable {
    schedule(after: now.advanced(by: delay), action)
  }
}
