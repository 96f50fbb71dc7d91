extension Publisher {
  /// Maps each value to a publisher and delivers the values of all those publishers, as they
  /// come, with at most `maxPublishers` subscribed at once.
  ///
  /// ```
  /// upstream:          -a------b-----|
  /// transform(a):       -1--2-|
  /// transform(b):              -3-|
  /// flatMap:           --1--2---3----|
  /// ```
  ///
  /// With `.max(n)`, values that cannot start yet wait in a queue (there is no backpressure to
  /// slow the upstream) and start in order as running publishers finish. Finishes when the
  /// upstream and every started and queued publisher have finished. A failure of the upstream or
  /// of any inner publisher is forwarded at once and cancels everything else.
  ///
  /// Threading: inner publishers may produce on any thread; the subscriber receives one call at
  /// a time. `transform` runs on the upstream's thread, or, for a queued value, on the thread
  /// where a running publisher finished. Bad input: a limit below 1 is treated as `.max(1)`.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Failure == Never {
  /// `flatMap` for a publisher that cannot fail into publishers that can.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
    setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
  }
}

extension Publishers {
  /// The publisher `flatMap(maxPublishers:_:)` returns.
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    /// The inner publishers' output type.
    public typealias Output = NewPublisher.Output
    /// The shared failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are mapped to publishers.
    public let upstream: Upstream
    /// How many inner publishers may be subscribed at once.
    public let maxPublishers: Subscribers.Demand
    /// Makes an inner publisher from an upstream value.
    public let transform: (Upstream.Output) -> NewPublisher

    /// Makes the publisher; prefer `upstream.flatMap(maxPublishers:_:)`.
    @inlinable
    public init(
      upstream: Upstream, maxPublishers: Subscribers.Demand,
      transform: @escaping (Upstream.Output) -> NewPublisher
    ) {
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    /// Subscribes `subscriber`, then the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = FlatMapState<Upstream.Output, NewPublisher, S>(
        subscriber, limit: Swift.max(1, maxPublishers.max ?? .max), transform: transform)
      subscriber.receive(subscription: state)
      upstream.subscribe(state.outer)
    }
  }
}

@usableFromInline
final class FlatMapState<Input, Inner: Publisher, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Inner.Output, Downstream.Failure == Inner.Failure {
  // @unchecked: the `var`s are touched only inside `lock`; `transform` is called serially (by
  // the upstream, or by the one inner completion that dequeues a value).
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let limit: Int
  @usableFromInline let transform: (Input) -> Inner
  @usableFromInline let outerLink = UpstreamLink()
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var innerLinks: [UInt64: UpstreamLink] = [:]
  @usableFromInline @exclusivity(unchecked) var nextID: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) var running = 0
  @usableFromInline @exclusivity(unchecked) var queued = EventQueue<Input>()
  @usableFromInline @exclusivity(unchecked) var outerFinished = false
  @usableFromInline @exclusivity(unchecked) var cancelled = false
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream, limit: Int, transform: @escaping (Input) -> Inner) {
    delivery = SerialDelivery(downstream)
    self.limit = limit
    self.transform = transform
  }

  @inlinable var outer: LinkedInput<Input, Downstream.Failure> {
    LinkedInput(
      link: outerLink,
      receiveValue: { [self] value in
        let starts = lock.withLock { () -> Bool in
          guard !cancelled else { return false }
          if running < limit {
            running += 1
            return true
          }
          queued.append(value)
          return false
        }
        if starts { start(value) }
      },
      receiveCompletion: { [self] completion in
        guard outerLink.terminate(cancelUpstream: false) else { return }
        switch completion {
        case .failure: fail(completion)
        case .finished:
          let done = lock.withLock { () -> Bool in
            outerFinished = true
            return running == 0
          }
          if done { delivery.receive(completion: .finished) }
        }
      })
  }

  /// Subscribes the inner publisher for `value`; `running` already counts it.
  @inlinable func start(_ value: Input) {
    let publisher = transform(value)
    let link = UpstreamLink()
    let id = lock.withLock { () -> UInt64? in
      guard !cancelled else { return nil }
      nextID += 1
      innerLinks[nextID] = link
      return nextID
    }
    guard let id else { return }
    publisher.subscribe(
      LinkedInput(link: link, receiveValue: delivery.receive) { [self] completion in
        guard link.terminate(cancelUpstream: false) else { return }
        innerCompleted(id, completion)
      })
  }

  @inlinable func innerCompleted(_ id: UInt64, _ completion: Subscribers.Completion<Downstream.Failure>) {
    if case .failure = completion {
      fail(completion)
      return
    }
    let (next, done) = lock.withLock { () -> (Input?, Bool) in
      innerLinks[id] = nil
      if let next = queued.popFirst() { return (next, false) }
      running -= 1
      return (nil, running == 0 && outerFinished)
    }
    if let next { start(next) }
    if done { delivery.receive(completion: .finished) }
  }

  @inlinable func fail(_ completion: Subscribers.Completion<Downstream.Failure>) {
    if delivery.receive(completion: completion) { cancelAll() }
  }

  @inlinable func cancelAll() {
    outerLink.terminate()
    let (links, dropped) = lock.withLock { () -> ([UpstreamLink], EventQueue<Input>) in
      cancelled = true
      defer {
        innerLinks = [:]
        queued = EventQueue()
      }
      return (Array(innerLinks.values), queued)
    }
    for link in links { link.terminate() }
    withExtendedLifetime(dropped) {}
  }

  @inlinable func cancel() {
    delivery.cancel()
    cancelAll()
  }
}
