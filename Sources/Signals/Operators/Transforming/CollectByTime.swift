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
  /// Completion: when the upstream finishes, what is collected is delivered, then the finish
  /// (at once when nothing is collected, as in Combine); a failure drops it and is forwarded
  /// at once. Threading: arrays are delivered on the scheduler (at a tick) or on the upstream's
  /// thread (a full array, the finish). Bad input: a `count` below 1 is treated as 1; a
  /// `stride` below a nanosecond as a nanosecond. Demand: the upstream is asked for everything;
  /// an array the subscriber has no demand for waits for its next request, in order.
  ///
  /// - Parameters:
  ///   - strategy: How values are grouped.
  ///   - options: Passed to the scheduler with the timer.
  /// - Returns: A publisher of arrays.
  @inlinable
  public func collect<S: Scheduler>(
    _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil
  ) -> Publishers.CollectByTime<Self, S> {
    Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
  }
}

extension Publishers {
  /// How `collect(_:options:)` groups values by time.
  public enum TimeGroupingStrategy<Context: Scheduler> {
    /// A window every `stride` on the scheduler.
    case byTime(Context, SchedulerTime.Stride)
    /// A window every `stride` on the scheduler, or as soon as `count` values are collected.
    case byTimeOrCount(Context, SchedulerTime.Stride, Int)
  }

  /// The publisher `collect(_:options:)` with a time grouping returns.
  public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Arrays of the upstream's values.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream
    /// How values are grouped.
    public let strategy: TimeGroupingStrategy<Context>
    /// The options passed to the scheduler with the timer.
    public let options: Context.SchedulerOptions?

    /// Makes the publisher; prefer `upstream.collect(strategy, options: options)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - strategy: When a group is delivered: by time, or by time or count.
    ///   - options: Passed to the scheduler with the timer.
    @inlinable
    public init(
      upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.strategy = strategy
      self.options = options
    }

    /// Subscribes `subscriber` through the collector.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (scheduler, stride, limit): (Context, SchedulerTime.Stride, Int) =
        switch strategy {
        case .byTime(let scheduler, let stride): (scheduler, stride, .max)
        case .byTimeOrCount(let scheduler, let stride, let count): (scheduler, stride, Swift.max(1, count))
        }
      let state = CollectByTimeState<Upstream.Output, S, Context>(
        subscriber, scheduler: scheduler, stride: Swift.max(stride, .nanoseconds(1)), limit: limit,
        options: options)
      state.delivery.holdForHandshake(state)
      upstream.subscribe(state.input)
    }
  }
}

/// The state of one `collect(.byTime)` subscription: the array being collected, kept inside the
/// delivery's lock so that a value costs one lock round, and the window timer.
@usableFromInline
final class CollectByTimeState<Element, Downstream: Subscriber, Context: Scheduler>: Subscription,
  TimerSlotOwner, @unchecked Sendable
where Downstream.Input == [Element] {
  // @unchecked: `collected` is touched only inside `delivery.lock`, `timerSlot` only inside
  // `lock`; `options` is only read, to pass to the scheduler.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let link = UpstreamLink(role: .collectByTime)
  @usableFromInline let scheduler: Context
  @usableFromInline let stride: SchedulerTime.Stride
  @usableFromInline let limit: Int
  @usableFromInline let options: Context.SchedulerOptions?
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var timerSlot = TimerSlot()
  @usableFromInline @exclusivity(unchecked) var collected: [Element] = []
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(
    _ downstream: Downstream, scheduler: Context, stride: SchedulerTime.Stride, limit: Int,
    options: Context.SchedulerOptions?
  ) {
    delivery = SerialDelivery(downstream)
    self.scheduler = scheduler
    self.stride = stride
    self.limit = limit
    self.options = options
  }

  /// Adds to the subscriber's demand.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  @inlinable var input: LinkedInput<Element, Downstream.Failure> {
    LinkedInput(
      link: link, receiveValue: receive, onSubscribe: { [self] in start() }, receiveCompletion: complete)
  }

  /// Combine's handshake, then the first window: the subscriber has this subscription before
  /// the upstream is asked for everything.
  @inlinable func start() {
    delivery.completeHandshake()
    startRepeatingTimer(
      at: scheduler.now.advanced(by: stride), interval: stride, on: scheduler, options: options)
    link.request(.unlimited)
  }

  @inlinable func receive(_ value: Element) {
    delivery.send { () -> [Element]? in
      collected.append(value)
      return collected.count >= limit ? takeCollected() : nil
    }
  }

  /// A window ends: what it collected goes, unless nothing.
  @inlinable func scheduledWorkDue(_ tag: UInt64) {
    guard lock.withLock({ timerSlot.isCurrent(tag) }) else { return }
    delivery.send { collected.isEmpty ? nil : takeCollected() }
  }

  /// Call inside `delivery.lock`.
  @inlinable func takeCollected() -> [Element] {
    defer { collected.removeAll(keepingCapacity: true) }
    return collected
  }

  @inlinable func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
    guard link.terminate(cancelUpstream: false) else { return }
    closeTimer()
    if case .finished = completion {
      delivery.send { collected.isEmpty ? nil : takeCollected() }
    }
    delivery.receive(completion: completion)
  }

  @inlinable func cancel() {
    link.terminate()
    delivery.cancel()
    closeTimer()
  }
}
