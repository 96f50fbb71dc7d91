import Synchronization

extension Publisher {
  /// Shares one subscription to this publisher among many subscribers through the subject
  /// `createSubject` makes (once, at the first subscription or connection).
  ///
  /// Nothing flows until `connect()`. Threading: subjects are thread-safe, and so is this.
  ///
  /// Diagram: see `multicast(subject:)`, the form given the subject itself.
  ///
  /// - Parameter createSubject: Makes the subject, once.
  /// - Returns: A connectable publisher that shares one upstream subscription.
  @inlinable public func multicast<S: Subject>(
    _ createSubject: @escaping () -> S
  ) -> Publishers.Multicast<Self, S>
  where S.Output == Output, S.Failure == Failure {
    Publishers.Multicast(upstream: self, createSubject: createSubject)
  }

  /// Shares one subscription to this publisher among many subscribers through `subject`.
  ///
  /// ```
  /// upstream:                                    -1-2-3-|
  /// multicast(subject: subject), connect() at 2: ---1-2-3-|
  /// ```
  ///
  /// Nothing flows until `connect()`: a cold upstream starts at the connection, and a
  /// subscriber sees only what the subject sends after it attached. Threading: subjects are
  /// thread-safe, and so is this.
  ///
  /// - Parameter subject: The subject the subscribers attach to.
  /// - Returns: A connectable publisher that shares one upstream subscription.
  @inlinable public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
  where S.Output == Output, S.Failure == Failure {
    Publishers.Multicast(upstream: self) { subject }
  }
}

extension Publishers {
  /// The publisher `multicast(subject:)` and `multicast(_:)` return: subscribers attach to its subject, and `connect()`
  /// attaches the subject to the upstream.
  public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher,
    @unchecked Sendable
  where SubjectType.Output == Upstream.Output, SubjectType.Failure == Upstream.Failure {
    // @unchecked: `subject` is stored once inside `lock`; `upstream` and `createSubject` are
    // immutable; subjects are thread-safe. The per-subscriber path is `@inlinable`, so that
    // the subject's delivery is specialized for the subscriber in the caller's module (from
    // unspecialized generic code, each value went through type-metadata lookups: `share()`
    // cost ~40x a plain sink in a separate package, and little in the same module).
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The shared publisher.
    public let upstream: Upstream
    /// Makes the subject, once.
    public let createSubject: () -> SubjectType
    @usableFromInline let lock = Lock()
    @usableFromInline var subject: SubjectType?

    /// Makes the publisher; prefer `upstream.multicast(_:)`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher shared through the subject.
    ///   - createSubject: Makes the subject the subscribers share.
    @inlinable public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
      self.upstream = upstream
      self.createSubject = createSubject
    }

    /// The subject, made on first use. `createSubject` runs outside the lock (no user closure
    /// runs under a lock); if two threads make the first use at once, the first subject stored
    /// is used and the other is dropped unused.
    @inlinable var sharedSubject: SubjectType {
      if let subject = lock.withLock({ subject }) { return subject }
      let made = createSubject()
      return lock.withLock {
        if let subject { return subject }
        subject = made
        return made
      }
    }

    /// Attaches `subscriber` to the subject.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      sharedSubject.subscribe(MulticastSubscriber(downstream: subscriber))
    }

    /// Subscribes the subject to the upstream; cancelling the result disconnects it.
    @inlinable
    public func connect() -> any Cancellable {
      upstream.subscribe(sharedSubject)
    }
  }
}

/// What `multicast` subscribes to its subject for each subscriber, and the subscription that
/// subscriber receives (Combine's `Multicast` gives its own, which describes itself as
/// `"Multicast"`, rather than the subject's). Requests and cancel go to the subject's
/// subscription; the demand the subscriber returns for a value is requested from it too, as
/// Combine's does.
///
/// Threading: values come serially from the subject; `request` and `cancel` may come from any
/// thread. The per-value path is one atomic load and no lock; the subject's subscription is
/// kept behind a lock, so that `cancel()` and the completion can let go of it (it holds this
/// object: keeping it would be a cycle).
@usableFromInline
final class MulticastSubscriber<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
  // @unchecked: `downstream` is immutable; `subscription` is behind its lock; `state` is
  // atomic.
  /// Kept for the object's life, as the subject's own handle keeps its subscriber: a `let`, so
  /// that a value borrows it (an optional cleared at the completion took `share`'s benchmark
  /// row from 1.5x to 2.6x the plain fan-out: a copy, with its retain and release, per value).
  @usableFromInline let downstream: Downstream
  @usableFromInline let subscription = Guarded<(any Subscription)?>(nil)
  /// `0` before the subject's subscription, `1` while live, `2` once cancelled or completed.
  @usableFromInline let state = Atomic<UInt8>(0)

  @inlinable init(downstream: Downstream) { self.downstream = downstream }

  @inlinable func receive(subscription: any Subscription) {
    let first = self.subscription.withLock { current -> Bool in
      guard current == nil, state.load(ordering: .relaxed) == 0 else { return false }
      current = subscription
      return true
    }
    guard first else {
      subscription.cancel()
      return
    }
    state.store(1, ordering: .releasing)
    downstream.receive(subscription: self)
  }

  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    guard state.load(ordering: .acquiring) == 1 else { return .none }
    let more = downstream.receive(input)
    if more > 0 { request(more) }
    return .none
  }

  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    guard state.exchange(2, ordering: .acquiringAndReleasing) == 1 else { return }
    let upstream = subscription.withLock { current -> (any Subscription)? in
      defer { current = nil }
      return current
    }
    withExtendedLifetime(upstream) {}
    downstream.receive(completion: completion)
  }

  @inlinable func request(_ demand: Subscribers.Demand) {
    subscription.withLock { $0 }?.request(demand)
  }

  @inlinable func cancel() {
    guard state.exchange(2, ordering: .acquiringAndReleasing) == 1 else { return }
    let upstream = subscription.withLock { current -> (any Subscription)? in
      defer { current = nil }
      return current
    }
    upstream?.cancel()
  }
}
