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
  /// instant before the zero instant is the zero instant (an uptime of one nanosecond); the last
  /// instant (where an advance saturates, and where `DispatchTime.distantFuture` converts to) is
  /// `DispatchTime.distantFuture`, as in Combine, where advancing by `.nanoseconds(.max)` gives it.
  public var dispatchTime: DispatchTime {
    if nanoseconds == .max { return .distantFuture }
    return DispatchTime(uptimeNanoseconds: UInt64(clamping: Swift.max(nanoseconds, 0)) &+ 1)
  }
}

extension SchedulerTime.Stride {
  /// The interval of `timeInterval`, exactly: Combine's
  /// `DispatchQueue.SchedulerTimeType.Stride(_:)`, so `.init(.milliseconds(250))` ports
  /// unchanged.
  ///
  /// Bad input: `.never` and lengths past the representable range (about ±292 years) saturate
  /// at the largest or smallest interval.
  ///
  /// - Parameter timeInterval: The length as Dispatch spells it.
  public init(_ timeInterval: DispatchTimeInterval) {
    switch timeInterval {
    case .seconds(let value): self = .seconds(value)
    case .milliseconds(let value): self = .milliseconds(value)
    case .microseconds(let value): self = .microseconds(value)
    case .nanoseconds(let value): self = .nanoseconds(value)
    case .never: self.init(nanoseconds: .max)
    #if canImport(Darwin)
      // Dispatch is resilient on Apple's systems; on Linux the switch above is exhaustive.
      @unknown default: self.init(nanoseconds: .max)
    #endif
    }
  }

  /// The interval as a `DispatchTimeInterval` in nanoseconds, exactly: what Combine's
  /// `DispatchQueue.SchedulerTimeType.Stride.timeInterval` gives (here `timeInterval` counts
  /// seconds, as `RunLoop`'s stride does), for `asyncAfter(deadline:)` or a dispatch timer.
  ///
  /// Bad input: where `Int` is narrower than 64 bits, the nanoseconds saturate at its range.
  public var dispatchTimeInterval: DispatchTimeInterval {
    .nanoseconds(Int(clamping: nanoseconds))
  }
}
