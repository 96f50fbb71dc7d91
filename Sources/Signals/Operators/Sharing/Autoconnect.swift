extension Publishers {
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
    ///
    /// - Parameter upstream: The connectable publisher to connect on the first subscription.
    @inlinable public init(_ upstream: Upstream) { self.upstream = upstream }

    /// Wraps `upstream` (Combine's label); prefer `upstream.autoconnect()`.
    ///
    /// - Parameter upstream: The connectable publisher to connect on the first subscription.
    @inlinable public convenience init(upstream: Upstream) { self.init(upstream) }

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

extension Publishers.Autoconnect: Releasable {}

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
    downstream.receive(subscription: AutoconnectSubscription(subscription, release: release))
  }
  @inlinable func receive(_ input: Downstream.Input) -> Subscribers.Demand { downstream.receive(input) }
  @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    downstream.receive(completion: completion)
    release.run()
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
