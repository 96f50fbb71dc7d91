/// A publisher that does nothing for its subscribers until `connect()` is called: the shape of
/// `multicast`, so that every subscriber can attach before the upstream starts.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Subscribes to the upstream; cancelling the result disconnects.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// Connects when the first subscriber attaches and disconnects when the last one leaves.
  public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(self) }
}

extension Publisher {
  /// Shares one subscription to this publisher among many subscribers through the subject
  /// `createSubject` makes (once, at the first subscription or connection).
  ///
  /// Nothing flows until `connect()`. Threading: subjects are thread-safe, and so is this.
  public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
  where S.Output == Output, S.Failure == Failure {
    Publishers.Multicast(upstream: self, createSubject: createSubject)
  }

  /// Shares one subscription to this publisher among many subscribers through `subject`.
  public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
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
    // @unchecked: `subject` is created once inside `lock`; `upstream` and `createSubject` are
    // immutable; subjects are thread-safe.
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The shared publisher.
    public let upstream: Upstream
    /// Makes the subject, once.
    public let createSubject: () -> SubjectType
    let lock = Lock()
    var subject: SubjectType?

    /// Makes the publisher; prefer `upstream.multicast(_:)`.
    public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
      self.upstream = upstream
      self.createSubject = createSubject
    }

    /// The subject, made on first use. `createSubject` runs outside the lock (no user closure
    /// runs under a lock); if two threads make the first use at once, the first subject stored
    /// is used and the other is dropped unused.
    var sharedSubject: SubjectType {
      if let subject = lock.withLock({ subject }) { return subject }
      let made = createSubject()
      return lock.withLock {
        if let subject { return subject }
        subject = made
        return made
      }
    }

    /// Attaches `subscriber` to the subject.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      sharedSubject.subscribe(subscriber)
    }

    /// Subscribes the subject to the upstream; cancelling the result disconnects it.
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
    let lock = Lock()
    var count = 0
    var connection: (any Cancellable)?

    /// Wraps `upstream`; prefer `upstream.autoconnect()`.
    public init(_ upstream: Upstream) { self.upstream = upstream }

    /// Attaches `subscriber`, connecting if it is the first.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let connects = lock.withLock { () -> Bool in
        count += 1
        return count == 1
      }
      let release = ReleaseOnce { [self] in self.release() }
      upstream.subscribe(
        AnySubscriber<Output, Failure>(
          receiveSubscription: { subscription in
            subscriber.receive(subscription: CancelObserver(subscription) { release.run() })
          },
          receiveValue: subscriber.receive(_:),
          receiveCompletion: { completion in
            subscriber.receive(completion: completion)
            release.run()
          }))
      guard connects else { return }
      let connection = upstream.connect()
      let keep = lock.withLock { () -> Bool in
        guard count > 0, self.connection == nil else { return false }
        self.connection = connection
        return true
      }
      if !keep { connection.cancel() }
    }

    func release() {
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

/// Runs a closure at most once, from any thread.
final class ReleaseOnce: @unchecked Sendable {
  // @unchecked: `action` is immutable and run at most once, guarded by `done`.
  let done = Guarded(false)
  let action: () -> Void

  init(_ action: @escaping () -> Void) { self.action = action }

  func run() {
    let first = done.withLock { done -> Bool in
      defer { done = true }
      return !done
    }
    if first { action() }
  }
}
