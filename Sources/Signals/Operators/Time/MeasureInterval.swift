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
  /// The values themselves are dropped; completion passes through. Threading: values are
  /// delivered on the thread that delivers the upstream's values (the scheduler is only read,
  /// through its `now`).
  ///
  /// - Parameter scheduler: The clock that measures.
  /// - Returns: A publisher of intervals.
  @inlinable
  public func measureInterval<S: Scheduler>(using scheduler: S) -> Publishers.MeasureInterval<Self, S> {
    .init(self) {
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
  ///
  /// Its own type, so that diagnostics and type annotations name the operator; it runs on
  /// the shared per-value engine (`Relayed`), which gives each subscriber fresh state.
  public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The type of values delivered.
    public typealias Output = SchedulerTime.Stride
    /// The type of failure delivered.
    public typealias Failure = Upstream.Failure

    @usableFromInline let relayed: Relayed<Upstream, Output, Failure>

    /// The publisher the operator applies to.
    public var upstream: Upstream { relayed.upstream }

    @inlinable init(
      _ upstream: Upstream, finishesAtOnce: Bool = false,
      _ makeRules: @escaping () -> RelayRules<Upstream.Output, Upstream.Failure, Output, Failure>
    ) {
      relayed = Relayed(upstream, finishesAtOnce: finishesAtOnce, makeRules)
    }

    /// The same operator over another operator's engine (one that forwards to a sibling).
    @inlinable init(_ relayed: Relayed<Upstream, Output, Failure>) { self.relayed = relayed }

    /// Subscribes `subscriber` through fresh per-subscription rules.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      relayed.receive(subscriber: subscriber)
    }
  }

}
