extension Publisher {
  /// Delivers every value and the completion on `scheduler`, in order.
  ///
  /// ```
  /// upstream:                -a-b-|
  /// receive(on: scheduler):  -a-b-|
  /// ```
  ///
  /// Use it to move work to the main thread or off it. Values cross threads inside the
  /// operator, so send `Sendable` values when `scheduler` is another thread. Cancelling drops
  /// everything not yet delivered. Demand: the subscriber's requests go upstream, and what it
  /// returns from each value is asked of the upstream when the value is delivered (Combine's,
  /// even after asking for `.unlimited`).
  ///
  /// Memory: values wait, in order, in an unbounded queue until the scheduler runs their
  /// delivery (each also holds one scheduled action on `scheduler`); the queue gives its storage
  /// back once it drains. To bound it, put `buffer(size:prefetch:whenFull:)` before it and ask
  /// for values as you handle them. Threading: on a scheduler that runs actions on several
  /// threads at once, the subscriber still gets one call at a time, and a thread that has
  /// delivered a fair batch hands the rest to the next, as a subject's queue does.
  ///
  /// - Parameter scheduler: The scheduler that delivers every event.
  /// - Returns: A publisher of the upstream's events, delivered by `scheduler`.
  @inlinable
  public func receive<S: Scheduler>(on scheduler: S) -> Publishers.ReceiveOn<Self, S> {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler)
  }

  /// `receive(on:)` with a scheduler known only as `any Scheduler`: the same operator, whose
  /// type names the scheduler `AnyScheduler`.
  ///
  /// Diagram: see `receive(on:)`.
  ///
  /// - Parameter scheduler: The scheduler that delivers every event.
  /// - Returns: A publisher of the upstream's events, delivered by `scheduler`.
  @_disfavoredOverload @inlinable
  public func receive(on scheduler: any Scheduler) -> Publishers.ReceiveOn<Self, AnyScheduler> {
    receive(on: AnyScheduler(scheduler))
  }
}

extension Publishers {
  /// The publisher `receive(on:)` returns, its scheduler of type `Context` (as in Combine).
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are moved.
    public let upstream: Upstream
    /// Where the events are delivered.
    public let scheduler: Context
    /// The options passed to the scheduler with every delivery.
    public let options: Context.SchedulerOptions?

    /// Makes the publisher; prefer `upstream.receive(on:)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - scheduler: The scheduler the values and completion are delivered on.
    @inlinable
    public init(upstream: Upstream, scheduler: Context) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = nil
    }

    /// Makes the publisher with Combine's labels, `options` included.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - scheduler: The scheduler the values and completion are delivered on.
    ///   - options: Passed to the scheduler with every delivery.
    @inlinable
    public init(
      upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Subscribes `subscriber`; its events then arrive on `scheduler`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = ScheduledDelivery<S, Context>(
        subscriber, scheduler: scheduler, options: options, delay: nil)
      state.delivery.holdForHandshake(state)
      upstream.subscribe(state)
    }
  }
}
