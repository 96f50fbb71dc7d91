extension Publisher {
  /// Delivers, for each value, the time elapsed on `scheduler` since the previous value (for
  /// the first value, since the subscription).
  ///
  /// ```
  /// upstream:                          --a---b-c|
  /// measureInterval(using: scheduler): --x---y-z|   x = 2 frames, y = 4 frames, z = 2 frames
  /// ```
  ///
  /// The values themselves are dropped; completion passes through. Threading: values are
  /// delivered on the thread that delivers the upstream's values (the scheduler is only read,
  /// through its `now`).
  ///
  /// - Parameter scheduler: The clock that measures.
  /// - Returns: A publisher of intervals.
  @inlinable
  public func measureInterval<S: Scheduler>(using scheduler: S) -> Publishers.MeasureInterval<Self, S> {
    Publishers.Relayed(self) {
      var last = scheduler.now
      return RelayRules(value: { _ in
        let now = scheduler.now
        defer { last = now }
        return .emit(last.distance(to: now))
      })
    }
  }
}

extension Publishers {
  /// The publisher `measureInterval(using:)` returns. (`Context`, the scheduler's type, is
  /// part of Combine's spelling; every Signals scheduler shares one time type.)
  public typealias MeasureInterval<Upstream: Publisher, Context: Scheduler> = Relayed<
    Upstream, SchedulerTime.Stride, Upstream.Failure
  >
}
