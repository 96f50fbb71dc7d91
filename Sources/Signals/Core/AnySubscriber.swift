/// A subscriber that hides the type of the subscriber it wraps, or that is made from closures.
///
/// Threading and failure: it forwards each call as it comes; the wrapped subscriber's rules apply.
public struct AnySubscriber<Input, Failure: Error>: Subscriber {
  @usableFromInline let receiveSubscriptionBody: (any Subscription) -> Void
  @usableFromInline let receiveValueBody: (Input) -> Void
  @usableFromInline let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void

  /// Wraps `subscriber`.
  @inlinable
  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    if let erased = subscriber as? AnySubscriber<Input, Failure> {
      self = erased
      return
    }
    receiveSubscriptionBody = subscriber.receive(subscription:)
    receiveValueBody = subscriber.receive(_:)
    receiveCompletionBody = subscriber.receive(completion:)
  }

  /// Makes a subscriber from closures; each defaults to doing nothing.
  @inlinable
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    receiveSubscriptionBody = receiveSubscription ?? { _ in }
    receiveValueBody = receiveValue ?? { _ in }
    receiveCompletionBody = receiveCompletion ?? { _ in }
  }

  /// Forwards the subscription.
  @inlinable public func receive(subscription: any Subscription) { receiveSubscriptionBody(subscription) }
  /// Forwards a value.
  @inlinable public func receive(_ input: Input) { receiveValueBody(input) }
  /// Forwards the completion.
  @inlinable public func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletionBody(completion)
  }
}
