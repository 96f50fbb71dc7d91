/// A type that receives a subscription, then values, then at most one completion from a
/// publisher, asking for values as it goes: Combine's protocol.
///
/// A subscriber asks for values with `request(_:)` on its subscription (usually from
/// `receive(subscription:)`) and by returning a demand from `receive(_:)`, which adds to what it
/// asked for before (`.none` asks for nothing more). It is sent at most what it asked for, in
/// total; the completion comes whether or not it asked for anything. `sink`, `assign` and
/// `values` ask for `.unlimited`.
///
/// Threading: a publisher calls a subscriber from one thread at a time, never overlapping, and
/// calls nothing after the completion or after the subscription was cancelled.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  /// The kind of values this subscriber receives.
  associatedtype Input
  /// The kind of error this subscriber may receive.
  associatedtype Failure: Error

  /// Receives the subscription: the handle to request values and to cancel. Called once, before
  /// any value. Nothing is sent until the subscriber requests something.
  ///
  /// A subscriber that already has a subscription should cancel a second one.
  func receive(subscription: any Subscription)

  /// Receives one value and returns how many more values it wants (`.none`: no more than
  /// already requested).
  func receive(_ input: Input) -> Subscribers.Demand

  /// Receives the completion, the last call the subscriber gets.
  func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
  /// Receives a value of a subscriber of `Void`: `receive(())`, as Combine spells it.
  ///
  /// - Returns: How many more values the subscriber wants.
  @inlinable
  public func receive() -> Subscribers.Demand { receive(()) }
}

/// The namespace of subscriber-side types: completions, demands and the built-in subscribers.
public enum Subscribers {}
