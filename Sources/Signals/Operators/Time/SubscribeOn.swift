extension Publisher {
  /// Subscribes to the upstream on `scheduler`, so that the work a publisher does when it is
  /// subscribed to (a synchronous source, a `Deferred` closure) runs there.
  ///
  /// Values are then delivered where the upstream produces them; combine with `receive(on:)`
  /// to choose where they arrive. Cancelling before the subscription happened keeps it from
  /// happening.
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
    /// The scheduler options Combine's initializer takes; kept for reading, not applied:
    /// Signals' time operators schedule plain actions.
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
    ///   - options: Kept for reading; Signals' time operators do not apply scheduler options.
    @inlinable
    public init(
      upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Gives `subscriber` its subscription now and subscribes the upstream on `scheduler`.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = SubscribeOnState(upstream, subscriber)
      subscriber.receive(subscription: state)
      scheduler.schedule(target: state, tag: 0)
    }
  }
}

@usableFromInline
final class SubscribeOnState<Upstream: Publisher, Downstream: Subscriber>: Subscription, ScheduledWorkTarget,
  @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  // @unchecked: `upstream` and `delivery` are used once, by the scheduled subscription; the
  // link is thread-safe.
  @usableFromInline let upstream: Upstream
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let link = UpstreamLink()
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ upstream: Upstream, _ downstream: Downstream) {
    self.upstream = upstream
    delivery = SerialDelivery(downstream)
    delivery.forwardDemand(to: [link])
  }
  /// Adds to the subscriber's demand.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  /// Subscribes the upstream (on the scheduler).
  @inlinable func scheduledWorkDue(_ tag: UInt64) {
    guard !link.isTerminated else { return }
    upstream.subscribe(
      LinkedInput(link: link, receiveValue: delivery.receive) { [self] completion in
        if link.terminate(cancelUpstream: false) { delivery.receive(completion: completion) }
      })
  }

  @inlinable func cancel() {
    link.terminate()
    delivery.cancel()
  }
}
