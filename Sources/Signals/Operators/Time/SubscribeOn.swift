extension Publisher {
  /// Subscribes to the upstream on `scheduler`, so that the work a publisher does when it is
  /// subscribed to (a synchronous source, a `Deferred` closure) runs there.
  ///
  /// Values are then delivered where the upstream produces them; combine with `receive(on:)`
  /// to choose where they arrive. As in Combine, the subscriber gets its subscription when the
  /// upstream gives it (on the scheduler), and its requests and its cancel reach the upstream
  /// through the scheduler too, each with the operator's `options`.
  ///
  /// ```
  /// upstream:                  -a-b-|
  /// subscribe(on: scheduler):  -a-b-|
  /// ```
  ///
  /// - Parameter scheduler: The scheduler that subscribes, asks and cancels.
  /// - Returns: A publisher that subscribes to the upstream on `scheduler`.
  @inlinable
  public func subscribe<S: Scheduler>(on scheduler: S) -> Publishers.SubscribeOn<Self, S> {
    Publishers.SubscribeOn(upstream: self, scheduler: scheduler)
  }

  /// `subscribe(on:)` with a scheduler known only as `any Scheduler`: the same operator, whose
  /// type names the scheduler `AnyScheduler`.
  ///
  /// Diagram: see `subscribe(on:)`.
  ///
  /// - Parameter scheduler: The scheduler that subscribes, requests and cancels.
  /// - Returns: A publisher of the upstream's events, subscribed to on `scheduler`.
  @_disfavoredOverload @inlinable
  public func subscribe(on scheduler: any Scheduler) -> Publishers.SubscribeOn<Self, AnyScheduler> {
    subscribe(on: AnyScheduler(scheduler))
  }
}

extension Publishers {
  /// The publisher `subscribe(on:)` returns, its scheduler of type `Context` (as in Combine).
  public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher subscribed to on `scheduler`.
    public let upstream: Upstream
    /// Where the subscription happens.
    public let scheduler: Context
    /// The options passed to the scheduler with the subscription, each request and the cancel.
    public let options: Context.SchedulerOptions?

    /// Makes the publisher; prefer `upstream.subscribe(on:)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - scheduler: The scheduler the subscription happens on.
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
    ///   - scheduler: The scheduler the subscription happens on.
    ///   - options: Passed to the scheduler with the subscription, each request and the cancel.
    @inlinable
    public init(
      upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Subscribes the upstream on `scheduler`, with `options`; the subscriber gets its
    /// subscription when the upstream gives it, there.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // Typed as the non-generic protocol, so the scheduled closure captures no metatypes.
      let state: any UpstreamSubscribing = SubscribeOnState(
        upstream, subscriber, scheduler: scheduler, options: options)
      scheduler.schedule(options: options) { state.subscribeUpstream() }
    }
  }
}

/// Something that subscribes its upstream when told: what `subscribe(on:)` schedules.
@usableFromInline
protocol UpstreamSubscribing: Sendable {
  /// Subscribes the upstream.
  func subscribeUpstream()
}

/// The subscription of `subscribe(on:)` (OpenCombine's `SubscribeOn.Inner`): the upstream is
/// subscribed to, asked and cancelled on the scheduler, with the operator's options; values and
/// the completion pass through where the upstream sends them.
///
/// Protocol edges, as Combine's: a value or completion before the subscription is ignored, a
/// second subscription is cancelled, and a request or cancel before the subscription does
/// nothing.
@usableFromInline
final class SubscribeOnState<Upstream: Publisher, Downstream: Subscriber, Context: Scheduler>: Subscriber,
  Subscription, UpstreamSubscribing, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  // @unchecked: `status` is touched only inside `lock`; `upstream` is used once, by the
  // scheduled subscription; `options` is only read, to pass to the scheduler.
  @usableFromInline enum Status {
    case awaiting
    case subscribed(any Subscription)
    case terminal
  }

  @usableFromInline let upstream: Upstream
  @usableFromInline let downstream: Downstream
  @usableFromInline let scheduler: Context
  @usableFromInline let options: Context.SchedulerOptions?
  @usableFromInline @exclusivity(unchecked) var status = Status.awaiting
  @usableFromInline let lock = Lock()
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(
    _ upstream: Upstream, _ downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?
  ) {
    self.upstream = upstream
    self.downstream = downstream
    self.scheduler = scheduler
    self.options = options
  }

  /// Subscribes the upstream (on the scheduler).
  @inlinable func subscribeUpstream() { upstream.subscribe(self) }

  @inlinable func receive(subscription: any Subscription) {
    let accepted = lock.withLock { () -> Bool in
      guard case .awaiting = status else { return false }
      status = .subscribed(subscription)
      return true
    }
    guard accepted else { return subscription.cancel() }
    downstream.receive(subscription: self)
  }

  @inlinable func receive(_ input: Upstream.Output) -> Subscribers.Demand {
    let live = lock.withLock { () -> Bool in
      if case .subscribed = status { return true }
      return false
    }
    return live ? downstream.receive(input) : .none
  }

  @inlinable func receive(completion: Subscribers.Completion<Upstream.Failure>) {
    let live = lock.withLock { () -> Bool in
      guard case .subscribed = status else { return false }
      status = .terminal
      return true
    }
    if live { downstream.receive(completion: completion) }
  }

  /// Asks the upstream for `demand` on the scheduler.
  @inlinable func request(_ demand: Subscribers.Demand) {
    let upstream = lock.withLock { () -> (any Subscription)? in
      guard case .subscribed(let subscription) = status else { return nil }
      return subscription
    }
    guard let upstream else { return }
    scheduler.schedule(options: options) { upstream.request(demand) }
  }

  /// Cancels the upstream on the scheduler.
  @inlinable func cancel() {
    let upstream = lock.withLock { () -> (any Subscription)? in
      guard case .subscribed(let subscription) = status else { return nil }
      status = .terminal
      return subscription
    }
    guard let upstream else { return }
    scheduler.schedule(options: options) { upstream.cancel() }
  }
}
