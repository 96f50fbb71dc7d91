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
  /// Demand, as in Combine: it requests `maxPublishers` values from the upstream (as given, so
  /// `.none` starts nothing), and one more each time an inner publisher finishes when that is
  /// limited; so with `.max(n)` on a `PassthroughSubject`, a value sent while n publishers run is
  /// dropped by the subject (the tap guard: `taps.flatMap(maxPublishers: .max(1)) { _ in submit() }`
  /// ignores taps while a submission runs). Each inner publisher is asked for one value at a
  /// time: a value that finds the subscriber's demand goes out and its publisher is asked for
  /// the next one (answered from its `receive(_:)`); one that finds none waits, in order, and its
  /// publisher is asked again when it goes out, so at most one value per inner publisher waits
  /// for a subscriber that asks for less. Once the subscriber asks for `.unlimited`, every inner
  /// publisher is asked for `.unlimited`. What the subscriber returns for a value adds to its
  /// demand. Finishes when the upstream and every started publisher have finished and no value
  /// waits. A failure of the upstream or of any inner publisher cancels the inner publishers,
  /// then goes downstream at once, dropping waiting values; an inner failure leaves the upstream
  /// subscribed until it completes or the subscription is cancelled, as Combine's does. What an
  /// inner publisher sends after its own finish is passed on, as in Combine.
  ///
  /// Threading: inner publishers may produce on any thread; the subscriber receives one call at
  /// a time. `transform` runs on the upstream's thread. Bad input: never traps; a limit of
  /// `.none` is asked of the upstream as it is (a well-behaved upstream then sends nothing).
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

    /// Gives `subscriber` its subscription, then asks the upstream for `maxPublishers` and
    /// subscribes to it (Combine's order).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let state = FlatMapState<Upstream.Output, NewPublisher, S>(
        subscriber, limited: maxPublishers != .unlimited, transform: transform)
      state.delivery.onDemand(state.forwardTo)
      subscriber.receive(subscription: state)
      if maxPublishers > 0 { state.outerLink.request(maxPublishers) }
      upstream.subscribe(OwnedInput(state.outer(requestsNothing: maxPublishers == .none), owner: state))
    }
  }
}

/// The state of one `flatMap` subscription: Combine's rules (OpenCombine's `FlatMap.Outer` is the
/// reference where Apple's documentation is silent).
///
/// - Upstream: asked for `maxPublishers` once, and for one more each time an inner publisher
///   finishes when that is limited.
/// - Inner publishers: each is asked for one value at a time (`.unlimited` once the subscriber
///   has asked for that), by `SerialDelivery`'s one-value-per-value rule: a value that finds
///   demand answers `.max(1)` from `receive(_:)`, one that waits is held and its publisher is
///   asked again when it goes out, so at most one value per inner publisher waits.
/// - A finished inner publisher may still send (its values are passed on); its finish is
///   counted once, and each finish it sends asks the upstream for one more when limited.
/// - A failure of the upstream or of an inner publisher cancels the inner publishers first, then
///   goes downstream; an inner failure leaves the upstream subscribed (it is cancelled by the
///   subscriber's `cancel()`, or lets go when it completes).
/// - `cancel()` cancels the inner publishers, then the upstream.
@usableFromInline
final class FlatMapState<Input, Inner: Publisher, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Inner.Output, Downstream.Failure == Inner.Failure {
  // @unchecked: the `var`s are touched only inside `lock`; `transform` is called serially (by
  // the upstream).
  @usableFromInline let delivery: SerialDelivery<Downstream>
  /// Whether `maxPublishers` is limited: then each finished inner asks the upstream for one more.
  @usableFromInline let limited: Bool
  @usableFromInline let transform: (Input) -> Inner
  @usableFromInline let outerLink = UpstreamLink(role: .flatMap)
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var innerLinks: [UInt64: UpstreamLink] = [:]
  @usableFromInline @exclusivity(unchecked) var nextID: UInt64 = 0
  /// Inner publishers started and not yet finished (subscribing ones included).
  @usableFromInline @exclusivity(unchecked) var running = 0
  @usableFromInline @exclusivity(unchecked) var outerFinished = false
  /// Cancelled, failed, or finished: no inner publisher is started any more.
  @usableFromInline @exclusivity(unchecked) var ended = false
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ downstream: Downstream, limited: Bool, transform: @escaping (Input) -> Inner) {
    delivery = SerialDelivery(downstream, asksOnePerValue: true)
    self.limited = limited
    self.transform = transform
  }

  /// Once the subscriber's demand is unlimited, asks every running publisher for `.unlimited`
  /// (a limited request only lets held values go: each publisher has one value asked of it).
  @inlinable func forwardTo(_ demand: Subscribers.Demand) {
    guard demand.isUnlimited else { return }
    let links = lock.withLock { Array(innerLinks.values) }
    for link in links { link.request(.unlimited) }
  }

  /// Adds to the subscriber's demand.
  @inlinable func request(_ demand: Subscribers.Demand) { delivery.request(demand) }

  /// The subscriber put upstream; with `requestsNothing` (`maxPublishers` of `.none`) it passes
  /// that request for nothing on once subscribed, as Combine's does.
  @inlinable func outer(requestsNothing: Bool) -> LinkedInput<Input, Downstream.Failure> {
    LinkedInput(
      link: outerLink,
      receiveValue: { [self] value in
        let starts = lock.withLock { () -> Bool in
          guard !ended else { return false }
          running += 1
          return true
        }
        if starts { start(value) }
      },
      onSubscribe: requestsNothing ? { [outerLink] in outerLink.requestNothing() } : nil,
      receiveCompletion: { [self] completion in
        guard outerLink.terminate(cancelUpstream: false) else { return }
        switch completion {
        case .failure: fail(completion, except: nil)
        case .finished:
          let finishes = lock.withLock { () -> Bool in
            outerFinished = true
            guard !ended, running == 0 else { return false }
            ended = true
            return true
          }
          if finishes { delivery.receive(completion: .finished) }
        }
      })
  }

  /// Subscribes the inner publisher for `value`; `running` already counts it. Asks it for one
  /// value, or for `.unlimited` once the subscriber has asked for that.
  @inlinable func start(_ value: Input) {
    let publisher = transform(value)
    let link = UpstreamLink(role: .flatMap)
    let id = lock.withLock { () -> UInt64? in
      guard !ended else { return nil }
      nextID += 1
      innerLinks[nextID] = link
      return nextID
    }
    guard let id else { return }
    // Read after the link is listed: a request for `.unlimited` made meanwhile reaches it.
    link.request(delivery.outstanding.isUnlimited ? .unlimited : .max(1))
    let input = LinkedInput<Inner.Output, Inner.Failure>(
      link: link,
      returningDemand: { [delivery] value in delivery.sendAskingOne(value, from: link) }
    ) {
      [self] completion in innerCompleted(id, link, completion)
    }
    publisher.subscribe(ChildInput(input, parent: self))
  }

  @inlinable func innerCompleted(
    _ id: UInt64, _ link: UpstreamLink, _ completion: Subscribers.Completion<Downstream.Failure>
  ) {
    if case .failure = completion { return fail(completion, except: link) }
    let (finishes, asksMore) = lock.withLock { () -> (Bool, Bool) in
      if innerLinks.removeValue(forKey: id) != nil { running -= 1 }
      guard !ended else { return (false, false) }
      guard running == 0 && outerFinished else { return (false, limited) }
      ended = true
      return (true, false)
    }
    // The link stays open: what the publisher sends after its finish is passed on, as Combine's.
    link.releaseUpstream()
    if finishes {
      delivery.receive(completion: .finished)
    } else if asksMore {
      outerLink.request(.max(1))
    }
  }

  /// Cancels every inner publisher but `failed` (the one that failed, if any), then delivers
  /// `completion`; the first failure or cancel wins. The upstream is left as it is: it failed,
  /// or (an inner failure) stays subscribed, as Combine's.
  @inlinable func fail(
    _ completion: Subscribers.Completion<Downstream.Failure>, except failed: UpstreamLink?
  ) {
    let links = lock.withLock { () -> [UpstreamLink]? in
      guard !ended else { return nil }
      ended = true
      defer { innerLinks = [:] }
      return Array(innerLinks.values)
    }
    guard let links else { return }
    failed?.terminate(cancelUpstream: false)
    for link in links where link !== failed { link.terminate() }
    delivery.receive(completion: completion)
  }

  /// Cancels every inner publisher, then the upstream.
  @inlinable func cancel() {
    delivery.cancel()
    let links = lock.withLock { () -> [UpstreamLink] in
      ended = true
      defer { innerLinks = [:] }
      return Array(innerLinks.values)
    }
    for link in links { link.terminate() }
    outerLink.terminate()
  }
}
