extension Publishers {
  /// The publisher `autoconnect()` returns: connects on the first subscriber and disconnects
  /// when the count of subscribers falls back to zero by cancel; a later subscriber connects
  /// again.
  ///
  /// A completion does not count a subscriber out, as in Combine: once the upstream has
  /// finished, the connection is kept, and a later subscriber joins it (a shared subject that
  /// finished gives it the completion at once) rather than subscribing the upstream again.
  ///
  /// Re-entrance, as in Combine: a subscriber that comes from inside the first one's
  /// subscription or connection (on the thread that is connecting, before `connect()` has
  /// returned) finds the upstream not yet connected and connects too; the connection made last
  /// is kept, with a count of one, and the other is let go of without a cancel. A subscriber
  /// from another thread meanwhile waits for the connection being made instead of making a
  /// second one, and a first subscriber that has gone (cancelled or completed) by the time
  /// `connect()` returns, with no other, does not leave the upstream connected: that connection
  /// is cancelled at once (Combine keeps it; one that completed keeps it too).
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
    // @unchecked: the variables are touched only inside `lock`.
    /// The upstream's output type.
    public typealias Output = Upstream.Output
    /// The upstream's failure type.
    public typealias Failure = Upstream.Failure

    /// The connectable publisher managed.
    public let upstream: Upstream
    @usableFromInline let lock = Lock()
    @usableFromInline var count = 0
    @usableFromInline var connection: (any Cancellable)?
    /// The thread making the first connection, until it has stored it; 0 otherwise.
    @usableFromInline var connectingThread: UInt = 0
    /// Whether `connection` was made from inside the first connection (`connectsAgain`).
    @usableFromInline var reentrantConnection = false

    /// Wraps `upstream`; prefer `upstream.autoconnect()`.
    ///
    /// - Parameter upstream: The connectable publisher to connect on the first subscription.
    @inlinable public init(_ upstream: Upstream) { self.upstream = upstream }

    /// Wraps `upstream` (Combine's label); prefer `upstream.autoconnect()`.
    ///
    /// - Parameter upstream: The connectable publisher to connect on the first subscription.
    @inlinable public convenience init(upstream: Upstream) { self.init(upstream) }

    /// Attaches `subscriber`, connecting if it is the first (or comes while the first connects,
    /// on its thread).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let role = countSubscriber()
      upstream.subscribe(AutoconnectSubscriber(downstream: subscriber, release: ReleaseOnce(self)))
      if role != .joins { connect(as: role) }
    }

    /// Counts one more subscriber and says whether it connects.
    @inlinable func countSubscriber() -> AutoconnectRole {
      let thread = currentThreadID()
      return lock.withLock {
        count += 1
        if count == 1 {
          connectingThread = thread
          return .connectsFirst
        }
        return connection == nil && connectingThread == thread ? .connectsAgain : .joins
      }
    }

    /// Connects the upstream and keeps the connection while anyone is subscribed. Inlinable,
    /// as `receive`: `connect()` subscribes upstream, and the subscriber it makes must be
    /// specialised for its types (CONTRIBUTING, *specialisable in the user's module*).
    @inlinable func connect(as role: AutoconnectRole) {
      let newConnection = upstream.connect()
      let thread = currentThreadID()
      let (keep, replaced) = lock.withLock { () -> (Bool, (any Cancellable)?) in
        // Still this thread's first connection (not one a later first subscriber began since).
        let first = role == .connectsFirst && connectingThread == thread
        if first { connectingThread = 0 }
        guard count > 0 else { return (false, nil) }
        guard let existing = connection else {
          connection = newConnection
          reentrantConnection = role == .connectsAgain
          return (true, nil)
        }
        // One made from inside this first connection: Combine replaces it and counts one.
        guard first && reentrantConnection else { return (false, nil) }
        connection = newConnection
        reentrantConnection = false
        count = 1
        return (true, existing)
      }
      // Let go of outside the lock: releasing it may run any deinitializer.
      withExtendedLifetime(replaced) {}
      if !keep { newConnection.cancel() }
    }

    @usableFromInline func release() {
      let connection = lock.withLock { () -> (any Cancellable)? in
        // A subscriber left uncounted by a replaced connection releases nothing.
        guard count > 0 else { return nil }
        count -= 1
        guard count == 0 else { return nil }
        defer {
          self.connection = nil
          reentrantConnection = false
        }
        return self.connection
      }
      connection?.cancel()
    }
  }
}

/// Whether a subscriber to `Autoconnect` connects: the first does, and one that comes on the
/// connecting thread before the connection is made connects again (Combine's re-entrance).
@usableFromInline
enum AutoconnectRole {
  case joins, connectsFirst, connectsAgain
}

extension Publishers.Autoconnect: Releasable {}

/// The subscriber `Autoconnect` puts in front of each of its subscribers: passes everything
/// on; its subscription releases the hold on the connection at cancel (not at completion, as
/// in Combine: a finished share is not subscribed again). A concrete struct
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
    downstream.receive(subscription: AutoconnectSubscription(subscription, release: release))
  }
  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand { downstream.receive(input) }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    downstream.receive(completion: completion)
  }
}

/// The subscription `autoconnect()` gives its subscriber in place of its upstream's: passes
/// requests on, and releases its hold on the connection before passing a cancel on. As
/// Combine's: it has the upstream's subscription's combine identifier and describes itself as
/// that one (`String(describing:)`, also as its playground description), and it is not
/// `CustomReflectable` (see `SubscriptionDescriptions.swift`).
@usableFromInline
final class AutoconnectSubscription: Subscription {
  @usableFromInline let wrapped: any Subscription
  @usableFromInline let release: ReleaseOnce

  @inlinable init(_ wrapped: any Subscription, release: ReleaseOnce) {
    self.wrapped = wrapped
    self.release = release
  }

  @inlinable var combineIdentifier: CombineIdentifier { wrapped.combineIdentifier }
  @inlinable func request(_ demand: Subscribers.Demand) { wrapped.request(demand) }
  @inlinable func cancel() {
    release.run()
    wrapped.cancel()
  }
}
