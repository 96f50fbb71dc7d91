extension Publisher {
  /// Maps each value to a publisher and delivers the values of all those publishers, as they
  /// come, with at most `maxPublishers` subscribed at once.
  ///
  /// ```
  /// upstream:                   -a------b-----|
  /// transform(a):                -1--2-|
  /// transform(b):                       -3-|
  /// flatMap { transform($0) }:  --1--2---3----|
  /// ```
  ///
  /// Demand, as in Combine: it requests `maxPublishers` values from the upstream, and one more
  /// each time an inner publisher finishes; so with `.max(n)` on a `PassthroughSubject`, a value
  /// sent while n publishers run is dropped by the subject (the tap guard:
  /// `taps.flatMap(maxPublishers: .max(1)) { _ in submit() }` ignores taps while a submission
  /// runs). The subscriber's requests go to every running publisher (a new one is asked for
  /// what is outstanding); what it returns for a value is asked of the publisher that sent it,
  /// so stepwise demand costs one request per value however many publishers run. Values beyond
  /// its demand wait, in order. Finishes when the upstream
  /// and every started publisher have finished. A failure of the upstream or of any inner
  /// publisher is forwarded at once and cancels everything else.
  ///
  /// Threading: inner publishers may produce on any thread; the subscriber receives one call at
  /// a time. `transform` runs on the upstream's thread. Bad input: a limit below 1 is treated as
  /// `.max(1)`.
  ///
  /// - Parameters:
  ///   - maxPublishers: The most inner publishers subscribed at once.
  ///   - transform: Makes a publisher from a value; runs on the upstream's thread.
  /// - Returns: A publisher of the inner publishers' values.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher where Failure == Never {
  /// `flatMap` for a publisher that cannot fail into publishers that can.
  ///
  /// Diagram: see `flatMap(maxPublishers:_:)`; the upstream takes the inner publishers' failure
  /// type.
  ///
  /// - Parameters:
  ///   - maxPublishers: The most inner publishers subscribed at once.
  ///   - transform: Makes a publisher from a value.
  /// - Returns: A publisher of the inner publishers' values.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
    setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
  }

  /// `flatMap` for a publisher that cannot fail into publishers that cannot fail either.
  ///
  /// Diagram: see `flatMap(maxPublishers:_:)`. Combine declares this overload so that the
  /// call is not ambiguous between the two above when neither side can fail.
  ///
  /// - Parameters:
  ///   - maxPublishers: The most inner publishers subscribed at once.
  ///   - transform: Makes a publisher from a value.
  /// - Returns: A publisher of the inner publishers' values.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publisher {
  /// `flatMap` for a publisher that can fail into publishers that cannot: each inner publisher
  /// takes the upstream's failure type.
  ///
  /// Diagram: see `flatMap(maxPublishers:_:)`.
  ///
  /// - Parameters:
  ///   - maxPublishers: The most inner publishers subscribed at once.
  ///   - transform: Makes a publisher from a value.
  /// - Returns: A publisher of the inner publishers' values.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) {
      transform($0).setFailureType(to: Failure.self)
    }
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
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are turned into inner publishers.
    ///   - maxPublishers: The most inner publishers subscribed at once.
    ///   - transform: Makes a publisher from a value.
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
      state.delivery.onDemand(state.forwardTo)
      subscriber.receive(subscription: state)
      state.outerLink.request(maxPublishers.max.map { .max(Swift.max(1, $0)) } ?? .unlimited)
      upstream.subscribe(OwnedInput(state.outer, owner: state))
    }
  }
}

@usableFromInline
final class FlatMapState<Input, Inner: Publisher, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Inner.Output, Downstream.Failure == Inner.Failure {
  // @unchecked: the `var`s are touched only inside `lock`; `transform` is called serially (by
  // the upstream).
  @usableFromInline let delivery: SerialDelivery<Downstream>
  @usableFromInline let limit: Int
  @usableFromInline let transform: (Input) -> Inner
  @usableFromInline let outerLink = UpstreamLink(role: .flatMap)
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var innerLinks: [UInt64: UpstreamLink] = [:]
  @usableFromInline @exclusivity(unchecked) var nextID: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) var running = 0
  @usableFromInline @exclusivity(unchecked) var outerFinished = false
  @usableFromInline @exclusivity(unchecked) var cancelled = false
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream, limit: Int, transform: @escaping (Input) -> Inner) {
    delivery = SerialDelivery(downstream)
    self.limit = limit
    self.transform = transform
  }

  /// Passes the subscriber's demand to every running publisher.
  @inlinable func forwardTo(_ demand: Subscribers.Demand) {
    let links = lock.withLock { Array(innerLinks.values) }
    for link in links { link.request(demand) }
  }

  /// Adds to the subscriber's demand.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  @inlinable var outer: LinkedInput<Input, Downstream.Failure> {
    LinkedInput(
      link: outerLink,
      receiveValue: { [self] value in
        let starts = lock.withLock { () -> Bool in
          guard !cancelled else { return false }
          running += 1
          return true
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
    let link = UpstreamLink(role: .flatMap)
    let id = lock.withLock { () -> UInt64? in
      guard !cancelled else { return nil }
      nextID += 1
      innerLinks[nextID] = link
      return nextID
    }
    guard let id else { return }
    link.request(delivery.outstanding)
    let input = LinkedInput<Inner.Output, Inner.Failure>(
      link: link,
      returningDemand: { [delivery] value in delivery.send(from: link, returning: true) { value } }
    ) {
      [self] completion in
      guard link.terminate(cancelUpstream: false) else { return }
      innerCompleted(id, completion)
    }
    publisher.subscribe(ChildInput(input, parent: self))
  }

  @inlinable func innerCompleted(_ id: UInt64, _ completion: Subscribers.Completion<Downstream.Failure>) {
    if case .failure = completion {
      fail(completion)
      return
    }
    let done = lock.withLock { () -> Bool in
      innerLinks[id] = nil
      running -= 1
      return running == 0 && outerFinished
    }
    if done {
      delivery.receive(completion: .finished)
    } else if limit != .max {
      outerLink.request(.max(1))
    }
  }

  @inlinable func fail(_ completion: Subscribers.Completion<Downstream.Failure>) {
    if delivery.receive(completion: completion) { cancelAll() }
  }

  @inlinable func cancelAll() {
    outerLink.terminate()
    let links = lock.withLock { () -> [UpstreamLink] in
      cancelled = true
      defer { innerLinks = [:] }
      return Array(innerLinks.values)
    }
    for link in links { link.terminate() }
  }

  @inlinable func cancel() {
    delivery.cancel()
    cancelAll()
  }
}
