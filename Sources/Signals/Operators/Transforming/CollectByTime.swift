extension Publisher {
  /// Collects values in arrays by time windows (`.byTime`), or by time windows and a maximum
  /// count (`.byTimeOrCount`).
  ///
  /// ```
  /// upstream:                                -a-b---c-d-e-|
  /// collect(.byTime(s, 4 frames)):           ----x---y---z|
  /// collect(.byTimeOrCount(s, 4 frames, 2)): ---x----y--z-|
  /// values:                                  x = [a, b], y = [c], z = [d, e]
  /// ```
  ///
  /// Windows follow one timer started at the subscription and ticking every `stride` on the
  /// strategy's scheduler; at each tick the values collected since the previous one are
  /// delivered, unless there are none. With `.byTimeOrCount`, an array is also delivered as
  /// soon as it holds `count` values; the timer keeps its rhythm (windows are not restarted).
  /// When the upstream finishes, what is collected is delivered, then the finish; a failure
  /// drops it and is forwarded at once. Threading: arrays are delivered on the scheduler (at a
  /// tick) or on the upstream's thread (a full array, the finish). Bad input: a `count` below
  /// 1 is treated as 1; a `stride` below a nanosecond as a nanosecond.
  ///
  /// - Parameter strategy: How values are grouped.
  /// - Returns: A publisher of arrays.
  @inlinable
  public func collect<S: Scheduler>(
    _ strategy: Publishers.TimeGroupingStrategy<S>
  ) -> Publishers.CollectByTime<Self, S> {
    Publishers.CollectByTime(upstream: self, strategy: strategy)
  }
}

extension Publishers {
  /// How `collect(_:)` groups values by time.
  public enum TimeGroupingStrategy<Context: Scheduler> {
    /// A window every `stride` on the scheduler.
    case byTime(Context, SchedulerTime.Stride)
    /// A window every `stride` on the scheduler, or as soon as `count` values are collected.
    case byTimeOrCount(Context, SchedulerTime.Stride, Int)
  }

  /// The publisher `collect(_:)` with a time grouping returns.
  ///
  /// Composed from a scheduler timer, `merge` and the per-value relay that holds the array.
  public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Arrays of the upstream's values.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream
    /// How values are grouped.
    public let strategy: TimeGroupingStrategy<Context>

    /// Makes the publisher; prefer `upstream.collect(strategy)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - strategy: When a group is delivered: by time, or by time or count.
    @inlinable
    public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>) {
      self.upstream = upstream
      self.strategy = strategy
    }

    /// Subscribes `subscriber`: the upstream first, then the window timer.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (scheduler, stride, limit): (Context, SchedulerTime.Stride, Int) =
        switch strategy {
        case .byTime(let scheduler, let stride): (scheduler, stride, .max)
        case .byTimeOrCount(let scheduler, let stride, let count): (scheduler, stride, Swift.max(1, count))
        }
      let values = upstream.map(CollectByTimeEvent.value).append(.end)
      let ticks = Publishers.Timer(every: stride, scheduler: scheduler).autoconnect().map { _ in
        CollectByTimeEvent<Upstream.Output>.tick
      }
      Relayed(Merge(values, ticks.setFailureType(to: Failure.self)), name: "CollectByTime") {
        var buffer: [Upstream.Output] = []
        return RelayRules(value: { event in
          switch event {
          case .value(let value):
            buffer.append(value)
            guard buffer.count >= limit else { return .skip }
          case .tick:
            guard !buffer.isEmpty else { return .skip }
          case .end:
            return buffer.isEmpty ? .finish : .emitThenFinish(buffer)
          }
          defer { buffer.removeAll(keepingCapacity: true) }
          return .emit(buffer)
        })
      }
      .subscribe(subscriber)
    }
  }
}

/// What `collect(_:)` by time sees of its upstream and its timer, merged.
@usableFromInline
enum CollectByTimeEvent<Value> {
  case value(Value)
  case tick
  case end
}
