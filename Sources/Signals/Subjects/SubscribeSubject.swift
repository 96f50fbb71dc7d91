extension Publisher {
  /// Sends this publisher's values and completion into `subject`, until the returned token is
  /// cancelled.
  ///
  /// The subject receives the subscription first, through `send(subscription:)`, and asks
  /// through it for what it wants: as Combine's, a `PassthroughSubject` asks for `.unlimited`
  /// once one of its subscribers has requested something, a `CurrentValueSubject` at once. The
  /// subject keeps the subscription and cancels it when the subject is released; the
  /// subscription holds the subject weakly, so the returned token does not keep it alive.
  /// Threading: sends happen on the thread that delivers each value. Completion: the completion
  /// is sent too, after which the subject accepts nothing more; a value or completion the
  /// publisher sends before its subscription is ignored.
  ///
  /// - Parameter subject: The subject that receives the values and the completion.
  /// - Returns: The cancellable that ends the subscription.
  @inlinable
  public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
  where S.Output == Output, S.Failure == Failure {
    let subscriber = SubjectSubscriber(subject)
    subscribe(subscriber)
    return AnyCancellable(subscriber)
  }
}

/// What `subscribe(_:)` subscribes on behalf of a subject: forwards values and the completion,
/// and is the subscription the subject receives in `send(subscription:)`.
///
/// As Combine's: it holds the subject weakly (the subject keeps this subscription, and cancels
/// it when the subject is released); it ignores a value or completion that comes before its
/// subscription, and a second subscription; after the completion it forwards nothing, and a
/// cancel after a cancel or after the completion is not passed upstream.
@usableFromInline
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, @unchecked Sendable {
  // @unchecked: `subject` and `upstream` are touched only inside `lock`.
  @usableFromInline typealias Input = Downstream.Output
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let lock = Lock()
  /// The subject; `nil` once it is released, cancelled or completed.
  @usableFromInline @exclusivity(unchecked) weak var subject: Downstream?
  @usableFromInline @exclusivity(unchecked) var upstream: (any Subscription)?

  @inlinable init(_ subject: Downstream) { self.subject = subject }

  @inlinable func receive(subscription: any Subscription) {
    let target = lock.withLock { () -> Downstream? in
      guard upstream == nil, let subject else { return nil }
      upstream = subscription
      return subject
    }
    target?.send(subscription: self)
  }

  @inlinable func receive(_ input: Input) -> Subscribers.Demand {
    lock.withLock { upstream == nil ? nil : subject }?.send(input)
    return .none
  }

  @inlinable func receive(completion: Subscribers.Completion<Failure>) {
    let subject = lock.withLock { () -> Downstream? in
      guard upstream != nil else { return nil }
      defer { (self.subject, upstream) = (nil, nil) }
      return self.subject
    }
    subject?.send(completion: completion)
  }

  @inlinable func request(_ demand: Subscribers.Demand) { lock.withLock { upstream }?.request(demand) }

  @inlinable func cancel() {
    let upstream = lock.withLock { () -> (any Subscription)? in
      defer { (subject, self.upstream) = (nil, nil) }
      return self.upstream
    }
    upstream?.cancel()
  }
}
