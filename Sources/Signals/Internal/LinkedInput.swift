/// One input of an operator with shared state (combining, flattening, time operators): forwards
/// to closures of the state while its link is live, and hands its subscription to the link. Holding the state strongly is the cycle that keeps a
/// subscription alive; the link breaks it on completion or cancel. Demand for the input is
/// requested through the link (`UpstreamLink.request`), by the state's demand policy.
@usableFromInline
struct LinkedInput<Input, Failure: Error>: Subscriber {
  @usableFromInline let link: UpstreamLink
  @usableFromInline let receiveValue: (Input) -> Void
  @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

  @inlinable init(
    link: UpstreamLink, receiveValue: @escaping (Input) -> Void,
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
  ) {
    self.link = link
    self.receiveValue = receiveValue
    self.receiveCompletion = receiveCompletion
  }

  @inlinable func receive(subscription: any Subscription) { link.attach(subscription) }
  /// Forwards the value; asks for nothing more here: the state asks through `link.request`.
  @inlinable func receive(_ input: Input) -> Subscribers.Demand {
    if !link.isTerminated { receiveValue(input) }
    return .none
  }
  @inlinable func receive(completion: Subscribers.Completion<Failure>) {
    if !link.isTerminated { receiveCompletion(completion) }
  }
}
