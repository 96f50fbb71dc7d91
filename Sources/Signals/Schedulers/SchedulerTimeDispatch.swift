import Dispatch

extension SchedulerTime {
  /// The instant `time` on the system's monotonic clock, the clock of `DispatchQueue`'s, the run
  /// loops' and the operation queues' `now`: Combine's `DispatchQueue.SchedulerTimeType(_:)`,
  /// so `DispatchQueue.SchedulerTimeType(.now())` ports unchanged.
  ///
  /// `SchedulerTime.zero` is the uptime of one nanosecond, the first one `DispatchTime` can hold
  /// (an uptime of 0 means "now" to Dispatch), as combine-schedulers' `DispatchQueue.test` starts
  /// there: so a `TestScheduler`'s times map to uptimes one for one, and
  /// `scheduler.now.dispatchTime.uptimeNanoseconds` grows by exactly what the clock advanced.
  /// Bad input: an uptime past the last instant saturates; an uptime of 0 is the zero instant.
  ///
  /// - Parameter time: An instant on the monotonic clock.
  public init(_ time: DispatchTime) {
    self.init(nanoseconds: Int64(clamping: Swift.max(time.uptimeNanoseconds, 1) - 1))
  }

  /// This instant as a `DispatchTime` on the monotonic clock: Combine's `dispatchTime`. An
  /// instant before the zero instant is the zero instant (an uptime of one nanosecond).
  public var dispatchTime: DispatchTime {
    DispatchTime(uptimeNanoseconds: UInt64(clamping: Swift.max(nanoseconds, 0)) &+ 1)
  }
}
