extension Publisher {
  /// Delivers a value only after `dueTime` has passed without another value; each new value
  /// restarts the wait and replaces the pending one.
  ///
  /// ```
  /// upstream:           ab-c----d--|
  /// debounce(3 frames): ------c----(d|)
  /// ```
  ///
  /// (From `TimeMarbleTests`, one frame = 1 ms.)
  ///
  /// When the upstream finishes, a pending value is delivered at once, then the finish (Combine
  /// drops it; Signals loses no value). A failure drops the pending value and is forwarded at
  /// once. Threading: values are delivered on `scheduler`; a finish or failure on the thread
  /// that sent it. Bad input: a negative `dueTime` is treated as zero.
  @inlinable
  public func debounce(
    for dueTime: SchedulerTime.Stride, scheduler: some Scheduler
  ) -> Publishers.Debounce<Self> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler)
  }
}

extension Publishers {
  /// The publisher `debounce(for:scheduler:)` returns.
  public struct Debounce<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher debounced.
    public let upstream: Upstream
    /// How long the upstream must be quiet before the pending value goes.
    public let dueTime: SchedulerTime.Stride
    /// Where the waits are timed and the values delivered.
    public let scheduler: any Scheduler

    /// Makes the publisher; prefer `upstream.debounce(for:scheduler:)`.
    @inlinable
    public init(upstream: Upstream, dueTime: SchedulerTime.Stride, scheduler: any Scheduler) {
      self.upstream = upstream
      self.dueTime = Swift.max(dueTime, .zero)
      self.scheduler = scheduler
    }

    /// Subscribes `subscriber` through the debouncer.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = DebounceState<S>(subscriber, dueTime: dueTime, scheduler: scheduler)
      subscriber.receive(subscription: state)
      upstream.subscribe(state.input)
    }
  }
}

@usableFromInline
final class DebounceState<Downstream: Subscriber>: Subscription, TimerTarget, @unchecked Sendable {
  // @unchecked: `pending`, `generation` and `timer` are touched only inside `lock`.
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let link = UpstreamLink()
  @usableFromInline let dueTime: SchedulerTime.Stride
  @usableFromInline let scheduler: any Scheduler
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var pending: Downstream.Input?
  @usableFromInline @exclusivity(unchecked) var generation: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) var timer: (any Cancellable)?
  @usableFromInline let live = LiveSubscription()

  @inlinable init(_ downstream: Downstream, dueTime: SchedulerTime.Stride, scheduler: any Scheduler) {
    delivery = SerialDelivery(downstream)
    self.dueTime = dueTime
    self.scheduler = scheduler
  }

  @inlinable var input: LinkedInput<Downstream.Input, Downstream.Failure> {
    LinkedInput(link: link, receiveValue: receive, receiveCompletion: complete)
  }

  @inlinable func receive(_ value: Downstream.Input) {
    let (generation, previous) = lock.withLock { () -> (UInt64, (any Cancellable)?) in
      pending = value
      self.generation += 1
      defer { timer = nil }
      return (self.generation, timer)
    }
    previous?.cancel()
    let token = scheduler.schedule(after: scheduler.now.advanced(by: dueTime), weak: self, tag: generation)
    let current = lock.withLock { () -> Bool in
      guard generation == self.generation else { return false }
      timer = token
      return true
    }
    if !current { token.cancel() }
  }

  @inlinable func timerFired(_ generation: UInt64) {
    let value = lock.withLock { () -> Downstream.Input? in
      guard generation == self.generation else { return nil }
      timer = nil
      defer { pending = nil }
      return pending
    }
    if let value { delivery.receive(value) }
  }

  /// Ends the wait: returns the pending value and cancels its timer.
  @inlinable func takePending() -> Downstream.Input? {
    let (value, token) = lock.withLock { () -> (Downstream.Input?, (any Cancellable)?) in
      generation += 1
      defer {
        pending = nil
        timer = nil
      }
      return (pending, timer)
    }
    token?.cancel()
    return value
  }

  @inlinable func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
    guard link.terminate(cancelUpstream: false) else { return }
    let value = takePending()
    if case .finished = completion, let value { delivery.receive(value) }
    delivery.receive(completion: completion)
  }

  @inlinable func cancel() {
    link.terminate()
    delivery.cancel()
    _ = takePending()
  }
}
