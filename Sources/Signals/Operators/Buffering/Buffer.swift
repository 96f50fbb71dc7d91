extension Publisher {
  /// Holds up to `size` values that the subscriber has not asked for yet, and delivers them as
  /// it asks.
  ///
  /// ```
  /// upstream:                                          -1-2-3-4-|
  /// buffer(2, .byRequest, .dropNewest), asked 2 at 10: ----------(12|)
  /// ```
  ///
  /// Nothing is asked for until frame 10: 1 and 2 are held, 3 and 4 find the buffer full and are
  /// dropped, and the finish waits behind the held values.
  ///
  /// Semantics (Combine's, from OpenCombine 0.14's source): with `.keepFull` the operator asks
  /// the upstream for `size` values at once and for one more each time it delivers one; with
  /// `.byRequest` it asks the upstream for `.unlimited` (as Combine does) and holds what the
  /// subscriber has not asked for. A value that arrives with the buffer full is dropped
  /// (`.dropNewest`), replaces the oldest held value (`.dropOldest`), or fails the publisher with
  /// the error `customError` makes, cancelling the upstream at once (`.customError`; the failure
  /// waits behind the held values until the subscriber next requests, then follows the values
  /// that request covers, as in OpenCombine's `Buffer`). A finish waits until the held values are delivered; a
  /// failure from the upstream goes at once when the subscriber has no outstanding demand (held
  /// values are dropped), after the held values it has asked for otherwise. Cancelling drops
  /// the held values.
  ///
  /// Bad input: a `size` below 0 counts as 0 (every value meets a full buffer).
  ///
  /// Threading: values are delivered on the thread that sent them or the one that requested
  /// them; the subscriber receives one call at a time.
  ///
  /// - Parameters:
  ///   - size: How many values the buffer holds.
  ///   - prefetch: Whether to fill the buffer from the start (`.keepFull`) or ask the upstream
  ///     for everything and hold what the subscriber has not asked for (`.byRequest`).
  ///   - whenFull: What to do with a value that arrives when the buffer is full.
  /// - Returns: A publisher that buffers the upstream's values.
  @inlinable
  public func buffer(
    size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>
  ) -> Publishers.Buffer<Self> {
    Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
  }
}

extension Publishers {
  /// How a `buffer` asks its upstream for values.
  public enum PrefetchStrategy: Equatable, Hashable, Sendable {
    /// Ask for the buffer's size at subscription, then for one more per value delivered, so the
    /// buffer stays full.
    case keepFull
    /// Ask the upstream for `.unlimited` and hold what the subscriber has not asked for yet
    /// (Combine's behaviour, whatever the name suggests).
    case byRequest
  }

  /// What a `buffer` does with a value that arrives when it is full.
  public enum BufferingStrategy<Failure: Error> {
    /// Drop the value that just arrived.
    case dropNewest
    /// Drop the oldest held value and hold the new one.
    case dropOldest
    /// Fail with the error the closure makes, and cancel the upstream. The closure runs on the
    /// thread that sent the value.
    case customError(() -> Failure)
  }

  /// The publisher `buffer(size:prefetch:whenFull:)` returns.
  public struct Buffer<Upstream: Publisher>: Publisher {
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are buffered.
    public let upstream: Upstream
    /// How many values the buffer holds.
    public let size: Int
    /// How the buffer asks the upstream for values.
    public let prefetch: PrefetchStrategy
    /// What happens to a value that arrives when the buffer is full.
    public let whenFull: BufferingStrategy<Failure>

    /// Makes the publisher; prefer `upstream.buffer(size:prefetch:whenFull:)`. A `size` below 0
    /// counts as 0.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values this operator receives.
    ///   - size: How many values the buffer holds.
    ///   - prefetch: Whether to fill the buffer from the start (`.keepFull`) or ask as the subscriber
    ///     asks (`.byRequest`).
    ///   - whenFull: What to do with a value that arrives when the buffer is full.
    @inlinable
    public init(
      upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Failure>
    ) {
      self.upstream = upstream
      self.size = Swift.max(0, size)
      self.prefetch = prefetch
      self.whenFull = whenFull
    }

    /// Subscribes `subscriber` through a fresh buffer.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(BufferState(subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
    }
  }
}

/// One `buffer` subscription: the upstream's subscriber and the downstream's subscription.
///
/// The algorithm is OpenCombine 0.14's `Publishers.Buffer.Inner`: held values and the
/// downstream's demand under one lock, a drain loop that delivers one value at a time outside
/// it, and a flag so that a request made from inside a delivery is served by the running loop.
@usableFromInline
final class BufferState<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
  // @unchecked: every `var` is touched only inside `lock`; `whenFull`'s closure is called by
  // the upstream, serially.
  @usableFromInline enum Status {
    case awaitingSubscription
    case subscribed(any Subscription)
    case terminal
  }

  /// What became of a value that arrived.
  @usableFromInline enum Arrival {
    case ignored
    case held(dropped: Downstream.Input?)
    case full
  }

  /// What the drain loop does next.
  @usableFromInline enum Step {
    case stop
    case value(Downstream.Input)
    case completion(Subscribers.Completion<Downstream.Failure>, dropped: FIFOQueue<Downstream.Input>)
  }

  @usableFromInline let downstream: Downstream
  @usableFromInline let size: Int
  @usableFromInline let prefetch: Publishers.PrefetchStrategy
  @usableFromInline let whenFull: Publishers.BufferingStrategy<Downstream.Failure>
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var status = Status.awaitingSubscription
  @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
  @usableFromInline @exclusivity(unchecked) var values = FIFOQueue<Downstream.Input>()
  @usableFromInline @exclusivity(unchecked) var terminal: Subscribers.Completion<Downstream.Failure>?
  /// Whether a drain loop is delivering (a request made meanwhile is served by it).
  @usableFromInline @exclusivity(unchecked) var draining = false
  @usableFromInline let live = LiveSubscription(subscriber: Downstream.self)

  @inlinable init(
    _ downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
    whenFull: Publishers.BufferingStrategy<Downstream.Failure>
  ) {
    self.downstream = downstream
    self.size = size
    self.prefetch = prefetch
    self.whenFull = whenFull
  }

  @inlinable func receive(subscription: any Subscription) {
    let accepted = lock.withLock { () -> Bool in
      guard case .awaitingSubscription = status else { return false }
      status = .subscribed(subscription)
      return true
    }
    guard accepted else {
      subscription.cancel()
      return
    }
    switch prefetch {
    case .keepFull: if size > 0 { subscription.request(.max(size)) }
    case .byRequest: subscription.request(.unlimited)
    }
    downstream.receive(subscription: self)
  }

  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    let arrival = lock.withLock { () -> Arrival in
      guard case .subscribed = status, terminal == nil else { return .ignored }
      guard values.count >= size else {
        values.append(input)
        return .held(dropped: nil)
      }
      switch whenFull {
      case .dropNewest: return .held(dropped: input)
      case .dropOldest:
        guard let oldest = values.popFirst() else { return .held(dropped: input) }
        values.append(input)
        return .held(dropped: oldest)
      case .customError: return .full
      }
    }
    switch arrival {
    case .ignored: return .none
    case .held(let dropped): withExtendedLifetime(dropped) {}
    case .full:
      guard case .customError(let makeError) = whenFull else { break }
      let error = makeError()
      let upstream = lock.withLock { () -> (any Subscription)? in
        guard case .subscribed(let subscription) = status, terminal == nil else { return nil }
        terminal = .failure(error)
        return subscription
      }
      upstream?.cancel()
      // The failure waits behind the held values until the subscriber next requests
      // (OpenCombine's `Buffer`: no drain here).
      return .none
    }
    return drain()
  }

  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    let accepted = lock.withLock { () -> Bool in
      guard case .subscribed = status, terminal == nil else { return false }
      terminal = completion
      return true
    }
    if accepted { _ = drain() }
  }

  /// Adds to the subscriber's demand, delivers held values, and asks the upstream for as many
  /// as were delivered (`.keepFull`).
  @inlinable func request(_ more: Subscribers.Demand) {
    guard more > 0 else { return }
    let upstream = lock.withLock { () -> (any Subscription)? in
      guard case .subscribed(let subscription) = status else { return nil }
      demand += more
      return subscription
    }
    guard let upstream else { return }
    let refill = drain()
    if refill > 0 { upstream.request(refill) }
  }

  @inlinable func cancel() {
    let (upstream, dropped) = lock.withLock { () -> ((any Subscription)?, FIFOQueue<Downstream.Input>) in
      guard case .subscribed(let subscription) = status else { return (nil, FIFOQueue()) }
      status = .terminal
      defer { values = FIFOQueue() }
      return (subscription, values)
    }
    upstream?.cancel()
    withExtendedLifetime(dropped) {}
  }

  /// Delivers held values while the subscriber has demand, then the completion once it is due
  /// (a finish when no value is held, a failure when no demand is left). Runs on one thread at
  /// a time: a call made while another thread (or an outer call) drains returns at once, and
  /// the running loop sees what it changed. Returns what to ask of the upstream for the values
  /// delivered (`.keepFull`).
  @inlinable func drain() -> Subscribers.Demand {
    let runs = lock.withLock { () -> Bool in
      if draining { return false }
      draining = true
      return true
    }
    guard runs else { return .none }
    var refill = Subscribers.Demand.none
    var added = Subscribers.Demand.none
    while true {
      let step = lock.withLock { () -> Step in
        demand += added
        guard case .subscribed = status else {
          draining = false
          return .stop
        }
        if demand > 0, let value = values.popFirst() {
          demand -= 1
          return .value(value)
        }
        if let terminal, values.isEmpty || demand == 0, case .failure = terminal {
          status = .terminal
          defer { values = FIFOQueue() }
          return .completion(terminal, dropped: values)
        }
        if let terminal, values.isEmpty {
          status = .terminal
          return .completion(terminal, dropped: FIFOQueue())
        }
        draining = false
        return .stop
      }
      switch step {
      case .stop: return refill
      case .value(let value):
        added = downstream.receive(value)
        if prefetch == .keepFull { refill += 1 }
      case .completion(let completion, let dropped):
        withExtendedLifetime(dropped) {}
        downstream.receive(completion: completion)
        return refill
      }
    }
  }
}
