extension Publisher {
  /// Delivers, for each value, the time elapsed on `scheduler` since the previous value (for
  /// the first value, since the subscription).
  ///
  /// ```
  /// upstream:                           --a---b-c|
  /// measureInterval(using: scheduler):  --x---y-x|
  /// values:                             x = 2 frames, y = 4 frames
  /// ```
  ///
  /// The values themselves are dropped; completion passes through. Demand, as Combine's: what
  /// the subscriber returns for an interval is requested from the upstream rather than returned
  /// (under `.unlimited` demand it is returned; the upstream has been asked for everything).
  /// Threading: values are
  /// delivered on the thread that delivers the upstream's values (the scheduler is only read,
  /// through its `now`).
  ///
  /// - Parameter scheduler: The clock that measures.
  /// - Returns: A publisher of intervals.
  @inlinable
  public func measureInterval<S: Scheduler>(using scheduler: S) -> Publishers.MeasureInterval<Self, S> {
    Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
  }
}

extension Publishers {
  /// The publisher `measureInterval(using:)` returns.
  ///
  /// Combine's shape: its stored properties and memberwise initializer; each subscription
  /// gets fresh rules made from them (`RelayOperator`).
  public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher, RelayOperator {
    /// The type of values delivered.
    public typealias Output = SchedulerTime.Stride
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    /// The publisher the operator applies to.
    public let upstream: Upstream
    /// The scheduler whose clock measures the intervals.
    public let scheduler: Context

    /// Makes the publisher; the operator method is the usual spelling.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operator applies to.
    ///   - scheduler: The scheduler whose clock measures the intervals.
    @inlinable
    public init(upstream: Upstream, scheduler: Context) {
      self.upstream = upstream
      self.scheduler = scheduler
    }

    @usableFromInline static var relayName: String { "MeasureInterval" }
    /// Combine's `MeasureInterval` at the protocol's edges (see `RelayEdges`); it passes every
    /// request upstream, `.none` included (OpenCombine's `MeasureIntervalTests.testRequest`).
    @usableFromInline static var relayEdges: RelayEdges {
      RelayEdges(
        earlyValues: false, earlyCompletion: false, cancelledEarly: .leavesIt, passesRequestsForNothing: true)
    }

    @inlinable func makeRules() -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure> {
      let scheduler = self.scheduler
      var last = scheduler.now
      return RelayRules(
        asking: .requestingReturned,
        value: { _ in
          let now = scheduler.now
          defer { last = now }
          return .emit(last.distance(to: now))
        })
    }
  }
}
