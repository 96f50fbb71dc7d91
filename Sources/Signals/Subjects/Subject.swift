/// A publisher you send values into by hand: the bridge from imperative code to publishers.
///
/// Threading: every subject in Signals accepts `send` from any thread and from inside its own
/// subscribers' callbacks; each subscriber still receives one call at a time, in send order.
/// Completion: values and completions sent after a completion are ignored.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Delivers `value` to every current subscriber.
  func send(_ value: Output)
  /// Delivers `completion` to every current subscriber; the subject accepts nothing after it.
  func send(completion: Subscribers.Completion<Failure>)
  /// Receives the subscription of a publisher the subject was subscribed to
  /// (`publisher.subscribe(subject)`), and says through it how many values it wants.
  ///
  /// Signals' subjects keep the subscription, cancel it when they are released, and request
  /// `.unlimited` from it, as Combine's do: `CurrentValueSubject` at once, `PassthroughSubject`
  /// once one of its subscribers has requested something. The default implementation, for a
  /// subject of your own, requests `.unlimited` at once; yours may request less, or keep the
  /// subscription to cancel it later.
  ///
  /// - Parameter subscription: The upstream's subscription.
  func send(subscription: any Subscription)
}

extension Subject {
  /// Requests `.unlimited` from `subscription`, as Combine's subjects do.
  ///
  /// - Parameter subscription: The upstream's subscription.
  @inlinable
  public func send(subscription: any Subscription) { subscription.request(.unlimited) }
}

extension Subject where Output == Void {
  /// Sends `()`, for subjects that signal events without data.
  @inlinable
  public func send() { send(()) }
}
