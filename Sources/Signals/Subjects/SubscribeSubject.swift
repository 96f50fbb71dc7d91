extension Publisher {
  /// Sends this publisher's values and completion into `subject`, until the returned token is
  /// cancelled.
  ///
  /// The subject receives the subscription first, through `send(subscription:)`, and asks
  /// through it for what it wants: Signals' subjects ask for `.unlimited`, as Combine's do.
  /// Threading: sends happen on the thread that delivers each value. Completion: the completion is
  /// sent too, after which the subject accepts nothing more; completion and cancel let go of the
  /// subject.
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
@usableFromInline
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, @unchecked Sendable {
  // @unchecked: `subject` and `upstream` are touched only inside `lock`.
  @usableFromInline typealias Input = Downstream.Output
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var subject: Downstream?
  @usableFromInline @exclusivity(unchecked) var upstream: (any Subscription)?

  @inlinable init(_ subject: Downstream) { self.subject = subject }

  @inlinable func receive(subscription: any Subscription) {
    let target = lock.withLock { () -> Downstream? in
      guard upstream == nil, let subject else { return nil }
      upstream = subscription
      return subject
    }
    guard let target else {
      subscription.cancel()
      return
    }
    target.send(subscription: self)
  }

  @inlinable func receive(_ input: Input) -> Subscribers.Demand {
    lock.withLock { subject }?.send(input)
    return .none
  }

  @inlinable func receive(completion: Subscribers.Completion<Failure>) {
    let subject = lock.withLock { () -> Downstream? in
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
