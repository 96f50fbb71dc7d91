/// A publisher that does nothing for its subscribers until `connect()` is called: the shape of
/// `multicast`, so that every subscriber can attach before the upstream starts.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Subscribes to the upstream; cancelling the result disconnects.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// Connects when the first subscriber attaches and disconnects when the last one leaves.
  @inlinable public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(self) }
}

extension Publisher {
  /// Shares one subscription to this publisher among many subscribers through the subject
  /// `createSubject` makes (once, at the first subscription or connection).
  ///
  /// Nothing flows until `connect()`. Threading: subjects are thread-safe, and so is this.
  @inlinable public func multicast<S: Subject>(
    _ createSubject: @escaping () -> S
  ) -> Publishers.Multicast<Self, S>
  where S.Output == Output, S.Failure == Failure {
    Publishers.Multicast(upstream: self, createSubject: createSubject)
  }

  /// Shares one subscription to this publisher among many subscribers through `subject`.
  @inlinable public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
  where S.Output == Output, S.Failure == Failure {
    Publishers.Multicast(upstream: self) { subject }
  }
}

extension Publishers {
  /// The publisher `multicast` returns: subscribers attach to its subject, and `connect()`
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
      sharedSubject.subscribe(subscriber)
    }

    /// Subscribes the subject to the upstream; cancelling the result disconnects it.
    @inlinable
    public func connect() -> any Cancellable {
      upstream.subscribe(sharedSubject)
    }
  }

  /// The publisher `autoconnect()` returns: connects on the first subscriber and disconnects
  /// when the count of subscribers falls back to zero (by cancel or completion); a later
  /// subscriber connects again.
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
    // @unchecked: `count` and `connection` are touched only inside `lock`.
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The connectable publisher managed.
    public let upstream: Upstream
    @usableFromInline let lock = Lock()
    @usableFromInline var count = 0
    @usableFromInline var connection: (any Cancellable)?

    /// Wraps `upstream`; prefer `upstream.autoconnect()`.
    @inlinable public init(_ upstream: Upstream) { self.upstream = upstream }

    /// Attaches `subscriber`, connecting if it is the first.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let connects = lock.withLock { () -> Bool in
        count += 1
        return count == 1
      }
      upstream.subscribe(AutoconnectSubscriber(downstream: subscriber, release: ReleaseOnce(self)))
      guard connects else { return }
      let connection = upstream.connect()
      let keep = lock.withLock { () -> Bool in
        guard count > 0, self.connection == nil else { return false }
        self.connection = connection
        return true
      }
      if !keep { connection.cancel() }
    }

    @usableFromInline func release() {
      let connection = lock.withLock { () -> (any Cancellable)? in
        count -= 1
        guard count == 0 else { return nil }
        defer { self.connection = nil }
        return self.connection
      }
      connection?.cancel()
    }
  }
}

/// Something an autoconnecting subscriber releases once, at its cancel or completion.
@usableFromInline
protocol Releasable: AnyObject, Sendable {
  func release()
}

extension Publishers.Autoconnect: Releasable {}

/// Releases one subscriber's hold on an `Autoconnect`, at most once, from any thread.
@usableFromInline
final class ReleaseOnce: Sendable {
  @usableFromInline let done = Guarded(false)
  @usableFromInline let target: any Releasable

  @inlinable init(_ target: any Releasable) { self.target = target }

  @inlinable func run() {
    let first = done.withLock { done -> Bool in
      defer { done = true }
      return !done
    }
    if first { target.release() }
  }
}

/// The subscriber `Autoconnect` puts in front of each of its subscribers: passes everything
/// on, and releases its hold on the connection at cancel or completion. A concrete struct
/// rather than an `AnySubscriber`, so the values take specialized code.
@usableFromInline
struct AutoconnectSubscriber<Downstream: Subscriber>: Subscriber {
  @usableFromInline let downstream: Downstream
  @usableFromInline let release: ReleaseOnce

  @inlinable init(downstream: Downstream, release: ReleaseOnce) {
    self.downstream = downstream
    self.release = release
  }

  @inlinable func receive(subscription: any Subscription) {
    let release = release
    downstream.receive(subscription: CancelObserver(subscription) { release.run() })
  }
  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand { downstream.receive(input) }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    downstream.receive(completion: completion)
    release.run()
  }
}
