/// One input of an operator with shared state (combining, flattening, time operators): forwards
/// to closures of the state while its link is live, and hands its subscription to the link. Holding the state strongly is the cycle that keeps a
/// subscription alive; the link breaks it on completion or cancel. Demand for the input is
/// requested through the link (`UpstreamLink.request`), by the state's demand policy.
@usableFromInline
struct LinkedInput<Input, Failure: Error>: Subscriber {
  @usableFromInline let link: UpstreamLink
  @usableFromInline let receiveValue: (Input) -> Void
  @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
  /// Called once the upstream's subscription is attached: where operators that follow
  /// Combine's handshake give their own subscription downstream.
  @usableFromInline let onSubscribe: (() -> Void)?
  /// Set by the operators that return their subscriber's extra demand from `receive(_:)`, as
  /// Combine's `catch` and `append` do, instead of requesting it through the link.
  @usableFromInline let receiveValueReturningDemand: ((Input) -> Subscribers.Demand)?

  @inlinable init(
    link: UpstreamLink, receiveValue: @escaping (Input) -> Void,
    onSubscribe: (() -> Void)? = nil,
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
  ) {
    self.link = link
    self.receiveValue = receiveValue
    receiveValueReturningDemand = nil
    self.onSubscribe = onSubscribe
    self.receiveCompletion = receiveCompletion
  }

  @inlinable func receive(subscription: any Subscription) {
    if link.attach(subscription) { onSubscribe?() }
  }
  /// Forwards the value; asks for nothing more here: the state asks through `link.request`.
  /// The same input, its values' extra demand returned from `receive(_:)`.
  @inlinable init(
    link: UpstreamLink, returningDemand receiveValue: @escaping (Input) -> Subscribers.Demand,
    onSubscribe: (() -> Void)? = nil,
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
  ) {
    self.link = link
    self.receiveValue = { _ in }
    self.onSubscribe = onSubscribe
    self.receiveCompletion = receiveCompletion
    receiveValueReturningDemand = receiveValue
  }

  @inlinable func receive(_ input: Input) -> Subscribers.Demand {
    guard !link.isTerminated else { return .none }
    if let receiveValueReturningDemand { return receiveValueReturningDemand(input) }
    receiveValue(input)
    return .none
  }
  @inlinable func receive(completion: Subscribers.Completion<Failure>) {
    if !link.isTerminated { receiveCompletion(completion) }
  }
}
