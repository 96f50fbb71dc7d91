/// A type that receives a subscription, then values, then at most one completion from a publisher.
///
/// Unlike Combine's, `receive(_:)` returns nothing: there is no demand, so a subscriber receives
/// every value. This keeps every operator simple and its per-value path free of bookkeeping.
///
/// Threading: a publisher calls a subscriber from one thread at a time, never overlapping, and
/// calls nothing after the completion or after the subscription was cancelled.
public protocol Subscriber<Input, Failure> {
  /// The kind of values this subscriber receives.
  associatedtype Input
  /// The kind of error this subscriber may receive.
  associatedtype Failure: Error

  /// Receives the subscription, the handle that cancels the flow. Called once, before any value.
  ///
  /// A subscriber that already has a subscription should cancel a second one.
  func receive(subscription: any Subscription)

  /// Receives one value.
  func receive(_ input: Input)

  /// Receives the completion, the last call the subscriber gets.
  func receive(completion: Subscribers.Completion<Failure>)
}

/// The namespace of subscriber-side types: completions, demands and the built-in subscribers.
public enum Subscribers {}
