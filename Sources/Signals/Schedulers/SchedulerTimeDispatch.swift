import Dispatch

extension SchedulerTime {
  /// The instant `time` on the system's monotonic clock, the clock of `DispatchQueue`'s, the run
  /// loops' and the operation queues' `now`: Combine's `DispatchQueue.SchedulerTimeType(_:)`,
  /// so `DispatchQueue.SchedulerTimeType(.now())` ports unchanged.
  ///
  /// Meaningless on a `TestScheduler`, whose clock is virtual: build its times from its `now`.
  /// Bad input: an uptime past the last instant saturates.
  ///
  /// - Parameter time: An instant on the monotonic clock.
  public init(_ time: DispatchTime) {
    self.init(nanoseconds: Int64(clamping: time.uptimeNanoseconds))
  }

  /// This instant as a `DispatchTime` on the monotonic clock: Combine's `dispatchTime`. An
  /// instant before the clock's start is its start.
  public var dispatchTime: DispatchTime {
    DispatchTime(uptimeNanoseconds: UInt64(clamping: Swift.max(nanoseconds, 1)))
  }
}
