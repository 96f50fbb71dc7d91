extension Publisher {
  /// Re-subscribes to the upstream after a failure, up to `retries` times (so `retries + 1`
  /// attempts in all), and forwards the last failure when they are used up.
  ///
  /// ```
  /// upstream:  -1-#
  /// retry(1):  -1--1-#
  /// ```
  ///
  /// Values of failed attempts stay delivered. A publisher that fails synchronously on
  /// subscription is re-subscribed in a loop, not by recursion. Bad input: a negative `retries`
  /// is treated as 0. Threading: each re-subscription happens on the thread that delivered the
  /// failure. Demand: outstanding demand is asked again of each new attempt. The subscription handshake is Combine's: the upstream is
  /// subscribed first, and the subscriber receives this operator's subscription when the
  /// upstream's arrives.
  ///
  /// - Parameter retries: How many times to subscribe again after a failure; below 0 counts as 0.
  /// - Returns: A publisher that resubscribes to the upstream after a failure.
  @inlinable
  public func retry(_ retries: Int) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, retries: Swift.max(0, retries))
  }
}

extension Publishers {
  /// The publisher `retry(_:)` returns.
  public struct Retry<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher re-subscribed to.
    public let upstream: Upstream
    /// How many re-subscriptions are allowed; `nil` for no limit (Combine's shape).
    public let retries: Int?

    /// Makes the publisher; prefer `upstream.retry(_:)`.
    ///
    /// Bad input: a negative count is treated as 0.
    ///
    /// - Parameters:
    ///   - upstream: The publisher to subscribe to again after a failure.
    ///   - retries: How many times to re-subscribe; `nil` re-subscribes after every failure,
    ///     for as long as the subscription lasts.
    @inlinable public init(upstream: Upstream, retries: Int?) {
      self.upstream = upstream
      self.retries = retries
    }

    /// Subscribes `subscriber`, then the upstream as many times as needed.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // `Int.max` re-subscriptions is no limit in practice: at one a nanosecond, 292 years.
      let state = RetryState(
        upstream, retries: retries.map { Swift.max(0, $0) } ?? .max, downstream: subscriber)
      state.subscribeUntilSettled()
    }
  }
}

/// One `retry` subscription: the current attempt's subscription, the retries left, and a loop
/// that re-subscribes without recursing when attempts fail synchronously.
///
/// Lifetime as OpenCombine's `Retry`: at its completion and at cancel it lets go of the
/// upstream publisher (and the closures of the operators in it) and of its subscriber, so an
/// attempt's upstream that keeps its subscriber after the end, or a subscriber that keeps this
/// subscription after the end (a `zip` whose other input is live), keeps neither alive.
@usableFromInline
final class RetryState<Upstream: Publisher, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  // @unchecked: the `var`s are touched only inside `lock`; `downstream` is called serially
  // (one attempt is live at a time, and each upstream is serial), from a copy taken in `lock`.
  /// The publisher subscribed to again after a failure; `nil` once done.
  @usableFromInline @exclusivity(unchecked) var upstream: Upstream?
  /// The subscriber; `nil` once done (the completion and a cancel let go of it).
  @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var retriesLeft: Int
  @usableFromInline @exclusivity(unchecked) var attempt = 0
  @usableFromInline @exclusivity(unchecked) var current: (any Subscription)?
  @usableFromInline @exclusivity(unchecked) var done = false
  @usableFromInline @exclusivity(unchecked) var subscribing = false
  @usableFromInline @exclusivity(unchecked) var failedWhileSubscribing = false
  /// The downstream's outstanding demand, asked again of each new attempt.
  @usableFromInline let demand = AtomicDemand()
  @usableFromInline let handshake = Handshake()
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(_ upstream: Upstream, retries: Int, downstream: Downstream) {
    self.upstream = upstream
    self.downstream = downstream
    retriesLeft = retries
  }

  @inlinable func subscribeUntilSettled() {
    while let next = lock.withLock({ () -> (Int, Upstream)? in
      guard !done, let upstream else { return nil }
      attempt += 1
      subscribing = true
      failedWhileSubscribing = false
      return (attempt, upstream)
    }) {
      next.1.subscribe(AttemptInput(state: self, attempt: next.0))
      let again = lock.withLock { () -> Bool in
        subscribing = false
        return failedWhileSubscribing
      }
      if !again { return }
    }
  }

  /// The subscriber, while `attempt` is the live one.
  @inlinable func subscriber(for attempt: Int) -> Downstream? {
    lock.withLock { !done && attempt == self.attempt ? downstream : nil }
  }

  @inlinable func attach(_ subscription: any Subscription, attempt: Int) {
    let downstream = lock.withLock { () -> Downstream? in
      guard !done, attempt == self.attempt, current == nil else { return nil }
      current = subscription
      return self.downstream
    }
    guard let downstream else {
      subscription.cancel()
      return
    }
    let outstanding = demand.value
    if outstanding > 0 { subscription.request(outstanding) }
    giveSubscription(to: downstream)
  }

  /// Gives this subscription downstream, once: when the first attempt has its subscription
  /// (Combine's handshake: upstream first).
  @inlinable func giveSubscription(to downstream: Downstream) {
    handshake.once { downstream.receive(subscription: self) }
  }

  /// Delivers a value of the current attempt, counting the demand it uses. What the subscriber
  /// adds is asked of the current attempt with a request and `.none` is returned, as Combine's
  /// `retry` does (an attempt still subscribing is asked for it when its subscription comes).
  @inlinable func deliver(_ input: Upstream.Output, to downstream: Downstream) -> Subscribers.Demand {
    _ = demand.take()
    let more = downstream.receive(input)
    if more > 0 {
      demand.add(more)
      lock.withLock { done ? nil : current }?.request(more)
    }
    return .none
  }

  /// Adds to the demand and asks the current attempt for it.
  @inlinable func request(_ more: Subscribers.Demand) {
    guard more > 0 else { return }
    demand.add(more)
    lock.withLock { done ? nil : current }?.request(more)
  }

  @inlinable func complete(_ completion: Subscribers.Completion<Upstream.Failure>, attempt: Int) {
    let next = lock.withLock { () -> RetryNext<Upstream, Downstream> in
      guard !done, attempt == self.attempt else { return .ignore }
      current = nil
      if case .failure = completion, retriesLeft > 0 {
        retriesLeft -= 1
        if subscribing {
          failedWhileSubscribing = true
          return .ignore
        }
        return .resubscribe
      }
      done = true
      defer {
        upstream = nil
        downstream = nil
      }
      return .deliver(downstream, upstream)
    }
    switch next {
    case .ignore: break
    case .deliver(let downstream, let upstream):
      // The upstream publisher is released here, outside the lock.
      withExtendedLifetime(upstream) {}
      guard let downstream else { return }
      // A completion before any attempt's subscription goes down alone, as Combine's (the
      // subscription is given only with an upstream's: `testRetryReceiveCompletionBeforeSubscription`).
      downstream.receive(completion: completion)
    case .resubscribe: subscribeUntilSettled()
    }
  }

  @inlinable func cancel() {
    let taken = lock.withLock { () -> ((any Subscription)?, Upstream?, Downstream?) in
      done = true
      defer {
        current = nil
        upstream = nil
        downstream = nil
      }
      return (current, upstream, downstream)
    }
    taken.0?.cancel()
    // The publisher and the subscriber are released here, outside the lock: releasing them may
    // run any deinitializer.
    withExtendedLifetime(taken) {}
  }

  /// The subscriber for one attempt; it ignores everything once its attempt is over.
  ///
  /// A subscription too, as Combine's `retry` subscribes upstream with the subscription it gives
  /// downstream (OpenCombine 0.14's `testRetryRequestBeforeSubscription` and
  /// `testRetryCancelBeforeSubscription`): a request or cancel made on it is the state's.
  @usableFromInline
  final class AttemptInput: Subscriber, Subscription, Sendable {
    @usableFromInline let state: RetryState
    @usableFromInline let attempt: Int

    @inlinable init(state: RetryState, attempt: Int) {
      self.state = state
      self.attempt = attempt
    }

    @inlinable func receive(subscription: any Subscription) { state.attach(subscription, attempt: attempt) }
    @inlinable func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      guard let downstream = state.subscriber(for: attempt) else { return .none }
      return state.deliver(input, to: downstream)
    }
    @inlinable func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      state.complete(completion, attempt: attempt)
    }
    @inlinable func request(_ demand: Subscribers.Demand) { state.request(demand) }
    @inlinable func cancel() { state.cancel() }
  }
}

/// What `retry` does after an attempt completes.
@usableFromInline
enum RetryNext<Upstream, Downstream> {
  case ignore, resubscribe
  /// Deliver the completion to the subscriber taken out of the state, and let go of the
  /// upstream publisher taken with it.
  case deliver(Downstream?, Upstream?)
}
